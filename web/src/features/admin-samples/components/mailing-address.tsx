// A request's address as it would sit on an envelope (USPS style): name, company, street lines, then
// "City, ST 12345".
import type { SampleRequest } from '@contract';

export function MailingAddress({ request }: { request: SampleRequest }) {
  const lines = [
    `${request.firstName} ${request.lastName}`,
    request.company,
    request.addressLine1,
    request.addressLine2,
    `${request.city}, ${request.state} ${request.zip}`,
  ].filter((line): line is string => !!line);
  return (
    <address className="text-sm not-italic leading-6 text-slate-800">
      {lines.map((line, i) => (
        <span key={i} className="block">
          {line}
        </span>
      ))}
    </address>
  );
}
