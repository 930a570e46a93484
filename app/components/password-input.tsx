import { useState, type InputHTMLAttributes } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';

/** Password with show/hide. The toggle needs JavaScript, so it appears only once the page has hydrated. */
export function PasswordInput(props: InputHTMLAttributes<HTMLInputElement>) {
  const [shown, setShown] = useState(false);
  const hydrated = useHydrated();
  return (
    <div className="password-input">
      <input {...props} type={shown ? 'text' : 'password'} />
      {hydrated ? (
        <button
          type="button"
          className="password-toggle"
          onClick={() => setShown((s) => !s)}
          aria-pressed={shown}
          aria-label={shown ? 'Hide password' : 'Show password'}
        >
          {shown ? 'Hide' : 'Show'}
        </button>
      ) : null}
    </div>
  );
}
