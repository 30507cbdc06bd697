import { useState } from 'react';
import { FIELD_ORDER, type FieldProblems, type UserFormField, type UserFormValues } from '../lib/user-form-values';
import { useFieldProblemText, type UserFieldBinding } from './user-fieldsets.component';

/**
 * The state of a user form (registration's step and the settings profile): its values, the
 * problems per field and the form's summary, and `bind` for every control of `UserFieldsets`.
 * `idPrefix` keeps control ids unique on a page.
 */
export function useUserForm(idPrefix: string, initial: () => UserFormValues) {
  const problemText = useFieldProblemText();
  const [values, setValues] = useState<UserFormValues>(initial);
  const [problems, setProblems] = useState<FieldProblems>({});
  const [formError, setFormError] = useState<string | null>(null);
  const fieldId = (field: UserFormField) => `${idPrefix}-${field}`;

  // Editing a field clears its error: the message has done its job once the visitor acts on it.
  const set = (field: UserFormField) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (problems[field]) {
      const rest = { ...problems };
      delete rest[field];
      setProblems(rest);
      if (Object.keys(rest).length === 0) setFormError(null);
    }
  };

  /** Props every control shares: id, name, value, change handler and its error. */
  const bind: UserFieldBinding = (field) => ({
    id: fieldId(field),
    name: field,
    value: values[field],
    onChange: set(field),
    error: problems[field] ? problemText[problems[field]] : null,
  });

  /** Shows the problems and the summary, and moves focus to the first field with a problem. */
  function showProblems(next: FieldProblems, summary: string) {
    setProblems(next);
    setFormError(summary);
    const first = FIELD_ORDER.find((field) => next[field]);
    if (first) document.getElementById(fieldId(first))?.focus();
  }

  return { values, setValues, problems, setProblems, formError, setFormError, bind, showProblems };
}
