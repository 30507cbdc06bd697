type Props = { id: string; hint?: string | undefined; error?: string | null | undefined };

/** A field's hint and error lines, with the ids its control refers to. */
export function FieldHint({ id, hint }: Pick<Props, 'id' | 'hint'>) {
  return hint ? (
    <p id={`${id}-hint`} className="field__hint">
      {hint}
    </p>
  ) : null;
}

export function FieldError({ id, error }: Pick<Props, 'id' | 'error'>) {
  return error ? (
    <p id={`${id}-error`} className="field__error">
      <span className="field__error-icon" aria-hidden="true">
        !
      </span>
      {error}
    </p>
  ) : null;
}
