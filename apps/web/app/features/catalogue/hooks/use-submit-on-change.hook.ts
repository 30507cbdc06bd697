import type { ChangeEvent } from 'react';
import { useSubmit } from 'react-router';

/**
 * Sends a GET form as soon as one of its fields changes, keeping the scroll
 * position and the history entry: the new total follows each choice. Without
 * JavaScript the form's own button does the same.
 */
export function useSubmitOnChange() {
  const submit = useSubmit();
  return (event: ChangeEvent<HTMLFormElement>) => {
    void submit(event.currentTarget, { method: 'get', preventScrollReset: true, replace: true });
  };
}
