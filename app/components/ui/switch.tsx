import { Switch as SwitchPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { clsx } from "clsx";

/** Radix switch (role="switch", Space toggles it) with the site's look; label it with a <label htmlFor>. */
export function Switch({ className, ...props }: ComponentProps<typeof SwitchPrimitive.Root>) {
  return (
    <SwitchPrimitive.Root
      className={clsx(
        "relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent bg-slate-400 transition-colors",
        "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-800 disabled:cursor-not-allowed disabled:opacity-60",
        "data-[state=checked]:bg-brand-800 motion-reduce:transition-none",
        className,
      )}
      {...props}
    >
      <SwitchPrimitive.Thumb className="block size-5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-5 motion-reduce:transition-none" />
    </SwitchPrimitive.Root>
  );
}
