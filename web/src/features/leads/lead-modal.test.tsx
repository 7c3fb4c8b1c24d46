// A lead-modal button rendered outside the provider would do nothing; in development that is an error
// at once, not a dead button found later by a visitor.
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LeadModalProvider, useLeadModal } from './lead-modal';

function ContactButton() {
  const open = useLeadModal();
  return <button onClick={() => open({ title: 'Contact Sales Team' })}>Contact Sales Team</button>;
}

describe('useLeadModal', () => {
  it('throws in development when called outside <LeadModalProvider>', () => {
    expect(import.meta.env.DEV).toBe(true);
    expect(() => renderToString(<ContactButton />)).toThrow(/outside <LeadModalProvider>/);
  });

  it('renders the button inside the provider', () => {
    const html = renderToString(
      <LeadModalProvider>
        <ContactButton />
      </LeadModalProvider>,
    );
    expect(html).toContain('Contact Sales Team');
  });
});
