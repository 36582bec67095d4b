import { PATHS } from '@apotheca/contract';
import { useNavigate, useParams } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
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
  return (
    <section>
      <AdminPageHeader title="Update Medicine" subtitle={data?.medicine.name} />
      {isLoading ? (
        <Spinner label="Loading medicine…" />
      ) : error || !data ? (
        <LoadError error={error} />
      ) : (
        // Keyed by id and version, so that another medicine, or this one reloaded after a change, starts a
        // fresh form with its values.
        <MedicineForm
          key={`${data.medicine._id}:${data.medicine.version}`}
          variant="update"
          medicine={data.medicine}
          save={(body) => updateMedicine({ id, body }).unwrap()}
          onSaved={() => void navigate(PATHS.admin)}
          onStale={() => void refetch()}
        />
      )}
    </section>
  );
}
