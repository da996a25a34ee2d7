import { useId, type ReactNode } from 'react';
import type { Deal } from '../../deals';
import { CURRENCIES } from '../../deals/data/dealTerms';
import { TERM_LIMITS } from '../../../shared/termLimits';
import { useDealTermsForm, type DealTermsForm as FormState } from '../hooks/useDealTermsForm';
import { TextField } from './TextField';
import './admin.css';

/**
 * The administrator's 'Deal terms' on a deal's own feed: which way he went, the other club, the
 * fee, a loan and its option or obligation to buy. Each optional; 'Not given' for the direction
 * removes them. The date the deal was done is its history's 'Done deal' step.
 */
export function DealTermsForm({ deal }: { deal: Deal }) {
  const form = useDealTermsForm(deal);
  const { busy, error, saved, network } = form;
  const headingId = useId();
  return (
    <section className="deal-terms-form" aria-labelledby={headingId}>
      <h3 id={headingId} className="deal-history__heading">
        Deal terms
      </h3>
      <form
        noValidate
        className="deal-terms-form__fields"
        onSubmit={(event) => void form.save(event)}
      >
        <TermsFields form={form} />
        {error && (
          <p role="alert" className="form-error">
            {error}
          </p>
        )}
        <div className="deal-terms-form__actions">
          <button type="submit" className="button button--primary" aria-busy={busy} {...network}>
            Save terms
          </button>
          <p role="status" className="field__hint">
            {saved ? 'Terms saved' : ''}
          </p>
        </div>
      </form>
    </section>
  );
}

/** Which way, the other club, the fee, a loan, and the currency of any amount. */
function TermsFields({ form }: { form: FormState }) {
  const { fields, set } = form;
  return (
    <>
      <Choice
        label="Direction"
        value={fields.direction}
        onChange={(value) => set('direction', value)}
        options={[
          ['', 'Not given'],
          ['in', 'In: signed'],
          ['out', 'Out: left'],
        ]}
      />
      <TextField
        label="Other club"
        value={fields.club}
        onChange={(value) => set('club', value)}
        maxLength={TERM_LIMITS.clubNameChars}
      />
      <Choice
        label="Fee"
        value={fields.fee}
        onChange={(value) => set('fee', value)}
        options={[
          ['', 'Not given'],
          ['amount', 'An amount'],
          ['undisclosed', 'Undisclosed'],
          ['free', 'Free'],
        ]}
      />
      {fields.fee === 'amount' && (
        <TextField
          label="Fee amount"
          value={fields.amount}
          onChange={(value) => set('amount', value)}
          maxLength={20}
        />
      )}
      <label className="deal-terms-form__check">
        <input
          type="checkbox"
          checked={fields.loan}
          onChange={(event) => set('loan', event.target.checked)}
        />{' '}
        Loan
      </label>
      {fields.loan && <LoanFields form={form} />}
      {(fields.fee === 'amount' || (fields.loan && fields.option !== '')) && (
        <Choice
          label="Currency"
          value={fields.currency}
          onChange={(value) => set('currency', value)}
          options={CURRENCIES.map((currency) => [currency, currency])}
        />
      )}
    </>
  );
}

/** A loan's option or obligation to buy, and its price. */
function LoanFields({ form: { fields, set } }: { form: FormState }) {
  return (
    <>
      <Choice
        label="Option to buy"
        value={fields.option}
        onChange={(value) => set('option', value)}
        options={[
          ['', 'None'],
          ['option', 'Option to buy'],
          ['obligation', 'Obligation to buy'],
        ]}
      />
      {fields.option !== '' && (
        <TextField
          label="Price to buy (optional)"
          value={fields.optionAmount}
          onChange={(value) => set('optionAmount', value)}
          maxLength={20}
        />
      )}
    </>
  );
}

interface ChoiceProps<T extends string> {
  label: string;
  value: T;
  onChange: (value: T) => void;
  options: readonly (readonly [T, ReactNode])[];
}

/** A labelled select of fixed options. */
function Choice<T extends string>({ label, value, onChange, options }: ChoiceProps<T>) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          const chosen = options.find(([option]) => option === event.target.value);
          if (chosen) onChange(chosen[0]);
        }}
      >
        {options.map(([option, words]) => (
          <option key={option} value={option}>
            {words}
          </option>
        ))}
      </select>
    </div>
  );
}
