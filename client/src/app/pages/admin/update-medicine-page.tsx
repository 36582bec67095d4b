import { useSession } from '../../session.hook';
import { PATHS, ROLE } from '@apotheca/contract';
import { useNavigate, useParams } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { BatchesSection } from '../../../features/batches/batches-section';
import { useUpdateMedicineMutation } from '../../../features/medicines/medicine-admin.api';
import { MedicineForm } from '../../../features/medicines/medicine-form';
import { useGetMedicineQuery } from '../../../features/medicines/medicines.api';
import { AdminPageHeader } from './admin-page-header';
import { LoadError } from '../../../components/ui/load-error';

export default function UpdateMedicinePage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { data, isLoading, error, refetch } = useGetMedicineQuery(id);
  const [updateMedicine] = useUpdateMedicineMutation();
  const { user } = useSession();
  return (
    <section>
      <AdminPageHeader title="Update Medicine" subtitle={data?.medicine.name} />
      {isLoading ? (
        <Spinner label="Loading medicine…" />
      ) : error || !data ? (
        <LoadError error={error} />
      ) : (
        <>
          {/* Keyed by id, so that another medicine starts a fresh form; this one loaded again after a
              refused save keeps what the admin typed. */}
          <MedicineForm
            key={data.medicine._id}
            variant="update"
            medicine={data.medicine}
            save={(body) => updateMedicine({ id, body }).unwrap()}
            onSaved={() => void navigate(PATHS.admin)}
            onStale={() => void refetch()}
          />
          <BatchesSection medicineId={data.medicine._id} canEdit={user?.role === ROLE.admin} />
        </>
      )}
    </section>
  );
}
