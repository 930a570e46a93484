/** A round profile photo, or the initials of the name when there is none. */
export function Avatar({ src, name, size = 56 }: { src?: string | null; name: string; size?: number }) {
  const initials =
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0]!.toUpperCase())
      .join('') || '?';
  return src ? (
    <img className="avatar" src={src} alt="" width={size} height={size} loading="lazy" decoding="async" style={{ width: size, height: size }} />
  ) : (
    <span className="avatar avatar-initials" aria-hidden="true" style={{ width: size, height: size, fontSize: size * 0.36 }}>
      {initials}
    </span>
  );
}
