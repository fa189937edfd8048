import type { ReactNode } from 'react';

interface FieldBlockProps {
  /** The server's path for the field: the wizard scrolls to `[data-field="…"]` after a refusal. */
  field: string;
  label: string;
  required?: boolean;
  hint?: string | undefined;
  error?: string | undefined;
  children: ReactNode;
}

/** A labelled form field with its error underneath. */
export function FieldBlock({ field, label, required = false, hint, error, children }: FieldBlockProps) {
  const errorId = `publish-error-${field.replace(/[^a-z0-9]/gi, '-')}`;
  return (
    <div className={`publish-field${error ? ' publish-field--error' : ''}`} data-field={field}>
      <div className="publish-field__label">
        {required ? <span className="publish-field__required">*</span> : null}
        {label}
        {hint ? <span className="publish-field__hint">{hint}</span> : null}
      </div>
      <div aria-describedby={error ? errorId : undefined}>{children}</div>
      {error ? (
        <div id={errorId} className="publish-field__error" role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}
