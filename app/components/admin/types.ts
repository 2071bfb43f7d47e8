/** A join request as the panel's loader sends it: the repository's shape, serialized as is. */
export type { Application as AdminApplication } from "../../../server/repos/applications";
