import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";

export type Db = Kysely<Database>;
