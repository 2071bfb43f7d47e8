import { Slot } from "radix-ui";
import type { ComponentProps } from "react";
import { clsx } from "clsx";

const variants = {
  primary: "bg-brand-800 text-white hover:bg-brand-900 focus-visible:outline-brand-800",
  accent: "bg-accent-400 text-brand-950 hover:bg-accent-300 focus-visible:outline-brand-900",
  outline: "border border-brand-800 text-brand-800 bg-white hover:bg-brand-50 focus-visible:outline-brand-800",
  outlineOnDark: "border border-white text-white bg-transparent hover:bg-white/10 focus-visible:outline-white",
  danger: "bg-red-700 text-white hover:bg-red-800 focus-visible:outline-red-700",
} as const;

const sizes = {
  sm: "h-9 px-3 text-sm",
  md: "h-11 px-5 text-base",
} as const;

export interface ButtonProps extends ComponentProps<"button"> {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  /** Render the child element (a link, say) with the button's look. */
  asChild?: boolean;
}

export function Button({ variant = "primary", size = "md", asChild = false, className, ...props }: ButtonProps) {
  const Component = asChild ? Slot.Root : "button";
  return (
    <Component
      className={clsx(
        "inline-flex items-center justify-center gap-2 rounded-md font-semibold transition-colors",
        "focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60",
        variants[variant],
        sizes[size],
        className,
      )}
      {...props}
    />
  );
}
