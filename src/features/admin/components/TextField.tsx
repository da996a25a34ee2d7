import { useId } from 'react';
import './admin.css';

export interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  multiline?: boolean;
  required?: boolean;
  type?: 'text' | 'url';
  /** A short message shown under the field, marking it invalid. */
  problem?: string | null;
}

/** A labelled input or textarea of the post form. */
export function TextField({
  label,
  value,
  onChange,
  maxLength,
  multiline = false,
  required = false,
  type = 'text',
  problem = null,
}: TextFieldProps) {
  const id = useId();
  const problemId = useId();
  const shared = {
    id,
    value,
    maxLength,
    required,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': problem ? problemId : undefined,
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea {...shared} rows={5} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input
          {...shared}
          type={type}
          autoComplete="off"
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {problem && (
        <p id={problemId} className="field__problem">
          {problem}
        </p>
      )}
    </div>
  );
}
