import { ProfileDetails } from '../../../features/auth/profile-details';
import { AdminPageHeader } from './admin-page-header';

/** /admin/profile: the same profile as the shopper's, in the admin shell. */
export default function AdminProfilePage() {
  return (
    <section className="max-w-3xl">
      <AdminPageHeader title="Profile" />
      <ProfileDetails />
    </section>
  );
}
