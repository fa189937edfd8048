import { Button, Input } from 'antd-mobile';
import { Link } from 'react-router';
import { useState } from 'react';
import {
  ageOn,
  ErrorCodes,
  idNumberProblem,
  idNumberProblemTexts,
  messageFor,
  normalizeIdNumber,
  normalizeRealName,
  REAL_NAME_FORM_TEXT,
  realNamePattern,
  type RealNameSnapshot,
} from '@haoshi/contracts';
import { isApiError } from '@/core/http/client';
import { showError } from '@/core/http/show-error';
import { useSubmitRealName } from './api/submit-real-name';
import { realNameMessages as m } from './messages';

interface FieldErrors {
  name?: string;
  id_number?: string;
  minor?: string;
}

/** The checks the server makes first, so most mistakes are told before a daily attempt is used. */
export function checkRealNameForm(
  name: string,
  idNumber: string,
  minAge: number,
  now = new Date(),
): FieldErrors {
  const errors: FieldErrors = {};
  if (!realNamePattern.test(normalizeRealName(name))) errors.name = REAL_NAME_FORM_TEXT;
  const id = normalizeIdNumber(idNumber);
  const problem = idNumberProblem(id, now);
  if (problem) errors.id_number = idNumberProblemTexts[problem];
  else if (ageOn(id, now) < minAge) errors.minor = messageFor(ErrorCodes.REAL_NAME_MINOR);
  return errors;
}

/** Server refusals that belong to a field are shown under it; the rest as a toast. */
function errorsOf(error: unknown): FieldErrors | undefined {
  if (!isApiError(error)) return undefined;
  switch (error.code) {
    case ErrorCodes.REAL_NAME_NAME_INVALID:
      return { name: error.message };
    case ErrorCodes.REAL_NAME_ID_INVALID:
    case ErrorCodes.REAL_NAME_ID_USED:
    case ErrorCodes.REAL_NAME_MISMATCH:
      return { id_number: error.message };
    case ErrorCodes.REAL_NAME_MINOR:
      return { minor: error.message };
    default:
      return undefined;
  }
}

export function RealNameForm({ snapshot }: { snapshot: RealNameSnapshot }) {
  const [name, setName] = useState('');
  const [idNumber, setIdNumber] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const submit = useSubmitRealName();
  const noAttempts = snapshot.attempts_left <= 0;

  const onSubmit = () => {
    const found = checkRealNameForm(name, idNumber, snapshot.min_age);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    submit.mutate(
      { name: normalizeRealName(name), id_number: normalizeIdNumber(idNumber) },
      {
        onError: (error) => {
          const fieldErrors = errorsOf(error);
          if (fieldErrors) setErrors(fieldErrors);
          else showError(error);
        },
      },
    );
  };

  return (
    <form
      className="real-name-form"
      aria-label="实名认证"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <p className="real-name-intro">{m.intro}</p>
      <div className="real-name-card">
        <div className="real-name-field">
          <label htmlFor="real-name-name">{m.nameLabel}</label>
          <Input
            id="real-name-name"
            name="name"
            autoComplete="name"
            maxLength={20}
            clearable
            value={name}
            onChange={setName}
            placeholder={m.namePlaceholder}
          />
        </div>
        {errors.name ? (
          <p className="real-name-error" role="alert">
            {errors.name}
          </p>
        ) : null}
        <div className="real-name-field">
          <label htmlFor="real-name-id">{m.idLabel}</label>
          <Input
            id="real-name-id"
            name="id_number"
            autoComplete="off"
            maxLength={18}
            clearable
            value={idNumber}
            onChange={(value) => setIdNumber(value.replace(/[^\dxX]/g, '').toUpperCase())}
            placeholder={m.idPlaceholder}
          />
        </div>
        {errors.id_number ? (
          <p className="real-name-error" role="alert">
            {errors.id_number}
          </p>
        ) : null}
      </div>
      {errors.minor ? (
        <div className="real-name-minor" role="alert">
          <strong>{m.minorTitle}</strong>
          <p>{errors.minor}</p>
          <Link to="/minorReminder">{m.minorLink}</Link>
        </div>
      ) : null}
      <ul className="real-name-rules">
        <li>{m.adultRule(snapshot.min_age)}</li>
        <li>{noAttempts ? m.noAttemptsLeft : m.attemptsLeft(snapshot.attempts_left)}</li>
      </ul>
      <Button
        block
        type="submit"
        color="primary"
        size="large"
        shape="rounded"
        disabled={noAttempts}
        loading={submit.isPending}
        data-testid="real-name-submit"
      >
        {m.submit}
      </Button>
    </form>
  );
}
