// What a public form shows when the server renders its page in answer to a post made without script: the
// values as they were typed, the message beside each refused field, or, when the values were fine but the
// post could not be stored just now (too many requests, a server error), the form's own failure message. Only the server's render provides it; in the browser the forms start empty.
import { createContext, useContext, type ReactNode } from 'react';

export type PublicFormName = 'lead' | 'sample';

export interface FormEcho {
  form: PublicFormName;
  values: Record<string, string>;
  errors: Record<string, string>;
  /** Nothing was stored although the values were fine: the form says so in its own words. */
  failed?: boolean;
}

const FormEchoContext = createContext<FormEcho | null>(null);

export function FormEchoProvider({ echo, children }: { echo: FormEcho | null; children: ReactNode }) {
  return <FormEchoContext.Provider value={echo}>{children}</FormEchoContext.Provider>;
}

/** The echo for this form, or null (always null in the browser). */
export function useFormEcho(form: PublicFormName): FormEcho | null {
  const echo = useContext(FormEchoContext);
  return echo?.form === form ? echo : null;
}
