import { type KeyboardEvent, type ReactNode, useId, useRef } from "react";

export interface Tab<Value extends string> {
  value: Value;
  label: string;
  /** Drawn only while its tab is chosen. */
  panel: ReactNode;
}

/** Arrow keys move to the next or previous tab (from the last back to the first), Home and End to the ends. */
const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};

/**
 * Tabs as the WAI-ARIA pattern has them (https://www.w3.org/WAI/ARIA/apg/patterns/tabs/): a tablist of buttons, the chosen
 * one in the page's tab order and the others reached with the arrow keys, which choose the tab they move to; its panel
 * after the list, itself focusable. The chosen tab is the caller's (the events page keeps it in the address). Written
 * here rather than taken from Radix, whose Tabs cost the events page 7.4 KiB (gzip) of its 130 KiB of first-load JavaScript
 * (docs/decisions/034-tabs-without-radix.md). `data-state` is "active" on the chosen tab, for its style.
 */
export function Tabs<Value extends string>({
  label,
  tabs,
  value,
  onChange,
  className,
  listClassName,
  tabClassName,
  panelClassName,
}: {
  label: string;
  tabs: readonly Tab<Value>[];
  value: Value;
  onChange: (value: Value) => void;
  className?: string;
  listClassName?: string;
  tabClassName?: string;
  panelClassName?: string;
}) {
  const id = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const tabId = (tab: Tab<Value>) => `${id}-tab-${tab.value}`;
  const panelId = (tab: Tab<Value>) => `${id}-panel-${tab.value}`;

  const moveFocus = (event: KeyboardEvent, index: number) => {
    const move = MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    const next = move(index, tabs.length);
    buttons.current[next]?.focus();
    onChange(tabs[next]!.value);
  };

  return (
    <div className={className}>
      <div role="tablist" aria-label={label} aria-orientation="horizontal" className={listClassName}>
        {tabs.map((tab, index) => {
          const chosen = tab.value === value;
          return (
            <button
              key={tab.value}
              ref={(button) => {
                buttons.current[index] = button;
              }}
              type="button"
              role="tab"
              id={tabId(tab)}
              aria-selected={chosen}
              aria-controls={panelId(tab)}
              tabIndex={chosen ? 0 : -1}
              data-state={chosen ? "active" : "inactive"}
              className={tabClassName}
              onClick={() => !chosen && onChange(tab.value)}
              onKeyDown={(event) => moveFocus(event, index)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.value}
          role="tabpanel"
          id={panelId(tab)}
          aria-labelledby={tabId(tab)}
          tabIndex={0}
          hidden={tab.value !== value}
          className={panelClassName}
        >
          {tab.value === value && tab.panel}
        </div>
      ))}
    </div>
  );
}
