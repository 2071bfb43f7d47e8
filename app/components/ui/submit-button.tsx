import { Button, type ButtonProps } from "./button";
import { Spinner } from "./spinner";

/** A form's submit button: disabled, with a spinner, while its post runs. */
export function SubmitButton({
  busy,
  children = "Save",
  className = "self-start",
  ...button
}: Omit<ButtonProps, "type" | "disabled"> & { busy: boolean }) {
  return (
    <Button type="submit" disabled={busy} className={className} {...button}>
      {busy && <Spinner />}
      {children}
    </Button>
  );
}
