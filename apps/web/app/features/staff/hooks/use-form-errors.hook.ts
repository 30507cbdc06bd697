import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { isApiError } from '../../../lib/api-error';
import { fieldErrorsFrom, type FieldMessages } from '../form-errors';

/**
 * The errors of one console form: per field (from the client's own check or
 * the server's `errorInfo.fields`) and one message for the whole form.
 */
export function useFormErrors(formKeys: readonly string[]) {
  const { t } = useTranslation();
  const [fieldErrors, setFieldErrors] = useState<FieldMessages>({});
  const [formError, setFormError] = useState<string | null>(null);

  const problemText = (problem: string) =>
    problem === 'number' ? t('staff:problems.number') : t('staff:problems.required');

  return {
    fieldErrors,
    formError,
    /** The client's check found problems: say so per field and focus nothing else. */
    showProblems(problems: Record<string, string>) {
      setFieldErrors(Object.fromEntries(Object.entries(problems).map(([k, p]) => [k, problemText(p)])));
      setFormError(t('staff:problems.checkFields'));
    },
    /** A failed call: the server's field refusals go to their fields, the rest to the top. */
    showError(error: unknown) {
      if (isApiError(error)) {
        const { byField, other } = fieldErrorsFrom(error.fields, formKeys);
        setFieldErrors(
          Object.fromEntries(
            Object.entries(byField).map(([k, description]) => [k, t('staff:problems.server', { description })]),
          ),
        );
        const extra = other.map((f) => `${f.field}: ${f.description}`).join(' · ');
        setFormError(extra ? `${error.displayMessage} (${extra})` : error.displayMessage);
      } else {
        setFieldErrors({});
        setFormError(t('errors.network'));
      }
    },
    clearField(key: string) {
      setFieldErrors((current) => {
        if (!(key in current)) return current;
        const rest = { ...current };
        delete rest[key];
        return rest;
      });
    },
    clear() {
      setFieldErrors({});
      setFormError(null);
    },
  };
}
