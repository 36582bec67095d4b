import { useState } from 'react';

// SPEC.md §2: the avatar has a random colour from these six.
const COLOURS = ['bg-red-600', 'bg-green-700', 'bg-blue-600', 'bg-orange-700', 'bg-purple-600', 'bg-teal-700'] as const;

/** The header's avatar: the first letter of the e-mail on a colour picked once per visit. */
export function UserAvatar({ email }: { email: string }) {
  const [colour] = useState(() => COLOURS[Math.floor(Math.random() * COLOURS.length)]);
  return (
    <span
      aria-hidden="true"
      className={`flex size-9 items-center justify-center rounded-full text-sm font-bold uppercase text-white ${colour}`}
    >
      {email.charAt(0) || '?'}
    </span>
  );
}
