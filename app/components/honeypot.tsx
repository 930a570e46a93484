import { createContext, useContext, type ReactNode } from 'react';
import type { HoneypotInputProps } from 'remix-utils/honeypot/server';

/**
 * The hidden fields that catch bots filling every input (remix-utils' honeypot, checked by
 * app/utils/honeypot.server.ts). The same fields as remix-utils' `HoneypotInputs`, whose
 * `autocomplete="nope"` is not valid HTML (the Nu Html Checker refuses it, docs/decisions/363):
 * here `autocomplete="off"`. The wrapper is `display: none`, which browsers never autofill.
 */

const HoneypotContext = createContext<Partial<HoneypotInputProps>>({});

export function HoneypotProvider({ children, ...props }: Partial<HoneypotInputProps> & { children: ReactNode }) {
  return <HoneypotContext.Provider value={props}>{children}</HoneypotContext.Provider>;
}

export function HoneypotInputs({ label = 'Please leave this field blank' }: { label?: string }) {
  const { nameFieldName = 'name__confirm', validFromFieldName = 'from__confirm', encryptedValidFrom } = useContext(HoneypotContext);
  return (
    <div id={`${nameFieldName}_wrap`} style={{ display: 'none' }} aria-hidden="true">
      <label htmlFor={nameFieldName}>{label}</label>
      <input id={nameFieldName} name={nameFieldName} type="text" defaultValue="" autoComplete="off" tabIndex={-1} />
      {validFromFieldName && encryptedValidFrom ? (
        <>
          <label htmlFor={validFromFieldName}>{label}</label>
          <input id={validFromFieldName} name={validFromFieldName} type="text" value={encryptedValidFrom} readOnly autoComplete="off" tabIndex={-1} />
        </>
      ) : null}
    </div>
  );
}
