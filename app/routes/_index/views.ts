/** The four views of the home page's authentication panel (no schema here: the page's script uses it). */
export const AUTH_VIEWS = ['login', 'signup', 'forgot', 'reset'] as const;
export type AuthView = (typeof AUTH_VIEWS)[number];

export function parseView(value: string | null | undefined): AuthView {
  return (AUTH_VIEWS as readonly string[]).includes(value ?? '') ? (value as AuthView) : 'login';
}
