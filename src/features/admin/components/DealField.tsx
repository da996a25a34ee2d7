import { useId } from 'react';
import type { Deal } from '../../deals';
import { LIMITS } from '../../../shared/limits';
import './admin.css';

export interface DealFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** The deals to pick from. */
  deals: readonly Deal[];
}

/**
 * The post form's and the editor's 'Deal': a combobox (the platform's, an input with a list of the
 * existing deals) that takes an existing deal's name or a new one; blank is no deal.
 */
export function DealField({ value, onChange, deals }: DealFieldProps) {
  const id = useId();
  const listId = useId();
  const hintId = useId();
  return (
    <div className="field">
      <label htmlFor={id}>Deal</label>
      <input
        id={id}
        list={listId}
        value={value}
        maxLength={LIMITS.dealNameChars}
        autoComplete="off"
        aria-describedby={hintId}
        onChange={(event) => onChange(event.target.value)}
      />
      <datalist id={listId}>
        {deals.map((deal) => (
          <option key={deal.id} value={deal.name} />
        ))}
      </datalist>
      <p id={hintId} className="field__hint">
        Optional: pick a deal, or type a player&apos;s name to start a new one.
      </p>
    </div>
  );
}
