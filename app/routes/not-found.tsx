import { data } from "react-router";

/** Any path no other route claims: a real 404 status with the root error page. */
export function loader() {
  throw data("Not found", { status: 404 });
}

export default function NotFound() {
  return null;
}
