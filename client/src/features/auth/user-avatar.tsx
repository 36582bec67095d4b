// The avatar has a random colour from these six.
const COLOURS = ['bg-red-600', 'bg-green-700', 'bg-blue-600', 'bg-orange-700', 'bg-purple-600', 'bg-teal-700'] as const;

/**
 * Picked once per page load rather than per mount: the shells remount between route groups, and an
 * avatar that changed colour on every navigation would look like a different account.
 */
const colour = COLOURS[Math.floor(Math.random() * COLOURS.length)];

/** The header's avatar: the first letter of the e-mail on a colour picked once per visit. */
export function UserAvatar({ email }: { email: string }) {
  return (
    <span
      aria-hidden="true"
      className={`flex size-9 items-center justify-center rounded-full text-sm font-bold uppercase text-white ${colour}`}
    >
      {email.charAt(0) || '?'}
    </span>
  );
}
