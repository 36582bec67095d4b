import { useEffect } from 'react';
import { toast } from '../../lib/toast';
import { DetailList } from '../../components/ui/detail-list';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/error-message';
import { useMeQuery } from './auth.api';
import { formatDayOf } from '../../lib/moment-format';

const orNA = (value: string | undefined | null) => (value ? value : 'N/A');

/** The profile, shared by /profile and /admin/profile: 'N/A' for a missing field. */
export function ProfileDetails() {
  const { data, isLoading, error } = useMeQuery();
  // A failed fetch is also a toast: 'Error fetching user data: {message}'.
  useEffect(() => {
    if (error) toast.error(`Error fetching user data: ${errorMessage(error)}`);
  }, [error]);
  if (isLoading) return <Spinner label="Loading user data..." />;
  if (error) return <p role="alert">Error fetching user data: {errorMessage(error)}</p>;
  const user = data?.user;
  const rows = [
    ['First name', orNA(user?.first_name)],
    ['Last name', orNA(user?.last_name)],
    ['Email', orNA(user?.email)],
    ['Joined on', user?.created_at ? formatDayOf(user.created_at) : 'N/A'],
  ] as const;
  return <DetailList rows={rows} variant="tiles" />;
}
