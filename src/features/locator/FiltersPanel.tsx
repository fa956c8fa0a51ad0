// The collapsible Filters panel (product.md 2.9, 9): the 19 features as checkboxes. Without JavaScript
// they are part of the search form and go to the server as ?filter=...
import { FEATURES, filterSlug } from './locator.ts';

interface Props {
  open: boolean;
  selected: readonly string[];
  onToggleOpen: () => void;
  onToggle: (label: string) => void;
}

export function FiltersPanel({ open, selected, onToggleOpen, onToggle }: Props) {
  return (
    <div className="filters">
      <button
        type="button"
        className="filters__toggle"
        aria-expanded={open}
        aria-controls="store-filters"
        onClick={onToggleOpen}
      >
        Filters{selected.length > 0 ? ` (${selected.length})` : ''}
      </button>
      <fieldset id="store-filters" className="filters__panel" hidden={!open}>
        <legend className="visually-hidden">Store features (a store must have every one ticked)</legend>
        {FEATURES.map((label) => (
          <label key={label} className="filters__option">
            <input
              type="checkbox"
              name="filter"
              value={filterSlug(label)}
              checked={selected.includes(label)}
              onChange={() => onToggle(label)}
            />
            {label}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
