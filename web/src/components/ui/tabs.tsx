import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';

export interface TabItem<T extends string> {
  id: T;
  label: string;
}

interface TabsProps<T extends string> {
  /** Names the tab list for screen readers, e.g. "Profile sections". */
  label: string;
  tabs: readonly TabItem<T>[];
  selected: T;
  onSelect: (id: T) => void;
  /** The selected tab's panel. */
  children: ReactNode;
}

/**
 * The WAI-ARIA tabs pattern with automatic activation: one tab stop (the selected tab), arrow keys move
 * between tabs and select them, Home and End jump to the ends; the panel is labelled by its tab.
 * A screen adds a tab by adding an item to `tabs` and rendering its panel when selected.
 */
export function Tabs<T extends string>({ label, tabs, selected, onSelect, children }: TabsProps<T>) {
  const baseId = useId();
  const tabRefs = useRef(new Map<T, HTMLButtonElement>());
  const tabId = (id: T) => `${baseId}-tab-${id}`;
  const panelId = (id: T) => `${baseId}-panel-${id}`;
  const listRef = useRef<HTMLDivElement>(null);

  // A tab chosen by the address (`?tab=data`) may sit past a phone's edge: the list scrolls to show it,
  // never the page.
  useEffect(() => {
    const list = listRef.current;
    const tab = tabRefs.current.get(selected);
    if (!list || !tab) return;
    const listBox = list.getBoundingClientRect();
    const tabBox = tab.getBoundingClientRect();
    if (tabBox.left < listBox.left) list.scrollLeft -= listBox.left - tabBox.left;
    else if (tabBox.right > listBox.right) list.scrollLeft += tabBox.right - listBox.right;
  }, [selected]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index >= last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index <= 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined;
    const target = next === undefined ? undefined : tabs[next];
    if (!target) return;
    event.preventDefault();
    onSelect(target.id);
    tabRefs.current.get(target.id)?.focus();
  };

  return (
    <div className="flex min-w-0 flex-col gap-6">
      {/* Scrolls sideways on its own when more tabs than fit a phone join, never the page. */}
      <div
        ref={listRef}
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="flex max-w-full gap-1 overflow-x-auto rounded-2xl border border-emerald-800/70 bg-emerald-900/35 p-1 sm:self-start"
      >
        {tabs.map((tab) => {
          const active = tab.id === selected;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) tabRefs.current.set(tab.id, element);
                else tabRefs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              aria-selected={active}
              // Only the selected tab's panel is in the page: the others would point at nothing.
              aria-controls={active ? panelId(tab.id) : undefined}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(tab.id)}
              className={`min-h-11 flex-1 shrink-0 rounded-xl px-1.5 text-[13px] font-semibold whitespace-nowrap sm:px-5 sm:text-sm transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-lime-300/70 sm:flex-none ${
                active
                  ? 'bg-lime-400 text-emerald-950'
                  : 'text-emerald-100/80 hover:bg-emerald-800/60 hover:text-white'
              }`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={panelId(selected)}
        aria-labelledby={tabId(selected)}
        className="min-w-0 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-lime-300/70 rounded-2xl"
      >
        {children}
      </div>
    </div>
  );
}
