import { PATHS } from '@apotheca/contract';
import { Link } from 'react-router';
import { FormCard } from '../../components/ui/form-card';
import { ProfileDetails } from '../../features/auth/profile-details';

export default function ProfilePage() {
  return (
    <FormCard
      wide
      title="Your profile"
      footer={
        <div className="flex gap-5">
          <Link to={PATHS.orders} className="font-semibold text-brand-700 hover:text-brand-900">
            My orders
          </Link>
          <Link to={PATHS.home} className="font-semibold text-brand-700 hover:text-brand-900">
            Back to the shop
          </Link>
        </div>
      }
    >
      <ProfileDetails />
    </FormCard>
  );
}
