/**
 * An e-mail address or a phone number in a narrow table cell, read left to right in Arabic too and
 * kept whole: a phone never wraps; an address wraps only before its `@` ("nadia.benali" /
 * "@example.ma"), never inside a name (`break-all` cut "nad|ia").
 */
import { Fragment } from 'react';

export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?=@)/);
  return (
    <bdi dir="ltr" className="break-normal">
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </bdi>
  );
}

export function PhoneText({ phone }: { phone: string }) {
  return (
    <bdi dir="ltr" className="whitespace-nowrap">
      {phone}
    </bdi>
  );
}
