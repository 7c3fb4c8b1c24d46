// The lookup: one e-mail address, any case. The message for an address that cannot be one sits under the
// field and is tied to it.
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-field';
import { usePersonStore } from '../person-store';

export function PersonSearch() {
  const [email, setEmail] = useState('');
  const find = usePersonStore((s) => s.find);
  const fieldError = usePersonStore((s) => s.fieldError);
  const loading = usePersonStore((s) => s.status === 'loading');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void find(email);
  };
  return (
    <form role="search" aria-label="Find a person" noValidate onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <div className="min-w-0 flex-1">
        <TextField
          label="E-mail address"
          type="email"
          name="email"
          autoComplete="off"
          spellCheck={false}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={fieldError ?? undefined}
          hint="Leads (suspected spam too), sample requests and event captures with this address, in any case."
        />
      </div>
      <Button type="submit" disabled={loading} className="sm:mt-6">
        {loading ? 'Finding…' : 'Find'}
      </Button>
    </form>
  );
}
