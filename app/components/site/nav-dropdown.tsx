import { ChevronDown } from "lucide-react";
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";

const HOVER_OPEN_DELAY_MS = 100;
const HOVER_CLOSE_DELAY_MS = 200;

/**
 * A top-bar dropdown in the disclosure pattern (a button with aria-expanded controlling a panel of links).
 * It opens on hover with a mouse, on click or tap, and from the keyboard (Enter/Space, or arrow down to
 * land on the first link); Escape closes it and returns focus to the button; so do a click elsewhere and
 * focus leaving it. The panel is in the HTML from the start (hidden), so the links work before hydration
 * is done and crawlers see them.
 */
export function NavDropdown({
  label,
  triggerClassName,
  panelClassName,
  children,
}: {
  label: string;
  triggerClassName: string;
  panelClassName: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const openedByHover = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  const later = (action: () => void, delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(action, delay);
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    if (!open) return;
    const closeOnOutsidePointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", closeOnOutsidePointer);
    return () => document.removeEventListener("pointerdown", closeOnOutsidePointer);
  }, [open]);

  const focusFirstLink = () => requestAnimationFrame(() => root.current?.querySelector<HTMLElement>(`[id="${panelId}"] a`)?.focus());

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape" && open) {
      event.stopPropagation();
      setOpen(false);
      button.current?.focus();
    } else if (event.key === "ArrowDown" && event.target === button.current) {
      event.preventDefault();
      setOpen(true);
      focusFirstLink();
    }
  };

  return (
    <div
      ref={root}
      className="relative"
      onKeyDown={onKeyDown}
      onPointerEnter={(event) => {
        if (event.pointerType !== "mouse") return;
        later(() => {
          openedByHover.current = true;
          setOpen(true);
        }, HOVER_OPEN_DELAY_MS);
      }}
      onPointerLeave={(event) => {
        if (event.pointerType !== "mouse") return;
        later(() => setOpen(false), HOVER_CLOSE_DELAY_MS);
      }}
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        data-state={open ? "open" : "closed"}
        className={triggerClassName}
        onClick={() => {
          clearTimeout(timer.current);
          // A click right after the pointer opened it keeps it open instead of closing it under the cursor.
          if (open && openedByHover.current) openedByHover.current = false;
          else setOpen(!open);
        }}
      >
        {label} <ChevronDown className="size-4 motion-safe:transition-transform data-[open=true]:rotate-180" data-open={open} aria-hidden />
      </button>
      <div
        id={panelId}
        hidden={!open}
        className={panelClassName}
        onClick={(event) => {
          if ((event.target as HTMLElement).closest("a")) setOpen(false);
        }}
      >
        {children}
      </div>
    </div>
  );
}
