import { useSession } from '../../session.hook';
import { adminMedicineUpdatePath, medicinePath, ROLE } from '@apotheca/contract';
import { ExpiryReport } from '../../../features/reports/expiry-report';
import { LowStockReport } from '../../../features/reports/low-stock-report';
import { AdminPageHeader } from './admin-page-header';

/**
 * /admin/reports: what expires soon, what has expired and what runs low, for staff. Only an admin
 * writes stock off and sets reorder levels; each medicine links to the page its reader may open
 * (the admin's edit page, or for a pharmacist the shop's page).
 */
export default function StockReportsPage() {
  const { user } = useSession();
  const isAdmin = user?.role === ROLE.admin;
  const medicineHref = isAdmin ? adminMedicineUpdatePath : medicinePath;
  return (
    <div className="flex flex-col gap-8">
      <AdminPageHeader title="Stock reports" subtitle="Expiry dates and stock levels, from the batches on hand." />
      <ExpiryReport canWriteOff={isAdmin} medicineHref={medicineHref} />
      <LowStockReport canEdit={isAdmin} medicineHref={medicineHref} />
    </div>
  );
}
