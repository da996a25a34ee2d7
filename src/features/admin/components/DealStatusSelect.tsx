import { useId } from 'react';
import { DEAL_STATUSES, isDealStatus, type DealStatus } from '../../../shared/posts/dealStatus';
import './admin.css';

export interface DealStatusSelectProps {
  /** Absent: no status. */
  value: DealStatus | undefined;
  onChange: (value: DealStatus | undefined) => void;
}

/** The post form's and the editor's 'Deal status': none first, then the list the rules accept. */
export function DealStatusSelect({ value, onChange }: DealStatusSelectProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>Deal status</label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(event) => {
          const chosen = event.target.value;
          onChange(isDealStatus(chosen) ? chosen : undefined);
        }}
      >
        <option value="">No status</option>
        {DEAL_STATUSES.map((status) => (
          <option key={status} value={status}>
            {status}
          </option>
        ))}
      </select>
    </div>
  );
}
