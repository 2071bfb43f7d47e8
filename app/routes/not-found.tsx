import { data } from "react-router";
import { NOT_FOUND } from "#core/messages/common.ts";

/** Any path no other route claims: a real 404 status with the root error page. */
export function loader() {
  throw data(NOT_FOUND, { status: 404 });
}

export default function NotFound() {
  return null;
}
