import { STAFF_SCREEN_READ } from '../../../lib/api';
import {
  ROLE,
  ROLE_LABELS,
  roleChangedMessage,
  ROLES,
  USER_DELETED_MESSAGE,
  USERS_PAGE_SIZE,
  type Role,
  type User,
} from '@apotheca/contract';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable, stackedCell, WrappingText } from '../../../components/ui/data-table';
import { ShortId } from '../../../components/ui/short-id';
import { useDeleteUserMutation, useGetAllUsersQuery, useSetUserRoleMutation } from '../../../features/auth/users.api';
import { errorMessage } from '../../../lib/error-message';
import { AdminPageHeader } from './admin-page-header';
import { useDeleteConfirmation } from './delete-confirmation.hook';
import { PageNavigation } from '../../../components/ui/page-navigation';
import { ListSearchForm } from './list-search-form';
import { useListParam, usePageCount, usePageParam } from './page-param.hook';
import { countLabel } from '../../../lib/count-label';
import { EmptyNotice, QueryList } from '../../../components/ui/query-list';
import { SelectOptions } from '../../../components/ui/select-field';
import { formatMoment } from '../../../lib/moment-format';

// The product's columns, in its order; a phone shows each user as a card of them all.
const COLUMNS = [
  { label: 'Sr. No', align: 'right' },
  { label: 'User ID' },
  { label: 'User Name' },
  { label: 'E-mail' },
  { label: 'Creation Time' },
  { label: 'Role' },
  { label: 'Actions' },
] as const;

const fullName = (user: User) => `${user.first_name} ${user.last_name}`;
const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/**
 * /admin/users: the users a page at a time, searched on the server by name or e-mail; a non-admin can
 * be deleted after a confirmation, and admin rights are granted only after one too.
 */
export default function UsersPage() {
  const [page, setPage] = usePageParam();
  const [q, setQ] = useListParam('q');
  const { data, isLoading, isFetching, error } = useGetAllUsersQuery(
    {
      q: q || undefined,
      page,
      limit: USERS_PAGE_SIZE,
    },
    STAFF_SCREEN_READ,
  );
  const pageCount = usePageCount(data?.total, USERS_PAGE_SIZE, isFetching);
  const [toPromote, setToPromote] = useState<User | null>(null);
  const [deleteUser, { isLoading: deleting }] = useDeleteUserMutation();
  const [setUserRole, { isLoading: settingRole }] = useSetUserRoleMutation();
  const changeRole = async (user: User, role: Role) => {
    // Admin rights reach every user, order and medicine: they are granted only once confirmed.
    if (role === ROLE.admin && toPromote?._id !== user._id) {
      setToPromote(user);
      return;
    }
    setToPromote(null);
    try {
      await setUserRole({ id: user._id, role }).unwrap();
      toast.success(roleChangedMessage(fullName(user), role));
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  const { toDelete, heading, ask, cancel, confirm } = useDeleteConfirmation(data?.users, async (user) => {
    try {
      await deleteUser(user._id).unwrap();
      toast.success(USER_DELETED_MESSAGE);
      return true;
    } catch {
      toast.error('Error deleting user.', {
        description: 'There was an issue while deleting the user. Please try again.',
      });
      return false;
    }
  });

  return (
    <section>
      <AdminPageHeader
        title="Users"
        headingRef={heading}
        subtitle={data ? countLabel(data.total, q ? 'matching user' : 'user') : undefined}
      />
      <ListSearchForm label="Search users" placeholder="Name or e-mail" value={q} onSearch={setQ} />
      <QueryList
        state={{ data, isLoading, isFetching, error }}
        loadingLabel="Loading users…"
        empty={(data) =>
          data.users.length === 0 && <EmptyNotice>{q ? `No user matches “${q}”.` : 'No users.'}</EmptyNotice>
        }
      >
        {(data) => (
          <>
            <DataTable caption="Users" columns={COLUMNS} stickyLastColumn stackOnPhone>
              {data.users.map((user, index) => (
                <tr key={user._id}>
                  <td {...stackedCell(COLUMNS[0])}>{(page - 1) * USERS_PAGE_SIZE + index + 1}</td>
                  <td {...stackedCell(COLUMNS[1])}>
                    <ShortId id={user._id} />
                  </td>
                  {/* A long name wraps between its words: kept on one line, it took the width the address needs. */}
                  <th scope="row" {...stackedCell(COLUMNS[2], 'font-medium text-ink')}>
                    <span className="whitespace-normal">{fullName(user)}</span>
                    {user.role === ROLE.user ? null : (
                      <span className="ml-2 rounded bg-brand-100 px-1.5 py-0.5 text-xs font-semibold text-brand-900">
                        {ROLE_LABELS[user.role]}
                      </span>
                    )}
                  </th>
                  {/* A wrapping address would shrink to a few letters a line beside the columns that keep to one
                      (the id, the date), each row then many lines tall: it keeps a readable width in the table,
                      and on a phone, where each user is a card, it has the card's width. */}
                  <td {...stackedCell(COLUMNS[3], 'min-w-60')}>
                    <WrappingText>{user.email}</WrappingText>
                  </td>
                  {/* The time may go under the date, where the table has no room for both on one line: "11:13 PM"
                      is wider than "9:05 AM", and a long name beside it pushed the last columns out of view. */}
                  <td {...stackedCell(COLUMNS[4], 'min-w-32')}>
                    <span className="whitespace-normal">{formatMoment(user.created_at)}</span>
                  </td>
                  <td {...stackedCell(COLUMNS[5])}>
                    <select
                      aria-label={`Role of ${fullName(user)}`}
                      value={user.role}
                      // Unavailable while a role is saved, but not disabled: a browser takes the focus from a
                      // disabled control and drops it at the page's start.
                      aria-disabled={settingRole || undefined}
                      onChange={(event) => {
                        if (!settingRole) void changeRole(user, event.target.value as Role);
                      }}
                      className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-ink shadow-sm focus:border-brand-600 aria-disabled:opacity-60"
                    >
                      <SelectOptions options={ROLE_OPTIONS} />
                    </select>
                  </td>
                  <td {...stackedCell(COLUMNS[6])}>
                    <Button
                      variant="danger"
                      size="sm"
                      disabled={user.role === ROLE.admin}
                      aria-label={`Delete ${fullName(user)}`}
                      title={user.role === ROLE.admin ? 'An admin cannot be deleted' : undefined}
                      onClick={() => ask(user)}
                    >
                      Delete
                    </Button>
                  </td>
                </tr>
              ))}
            </DataTable>
            <PageNavigation label="User pages" page={page} pageCount={pageCount} onPageChange={setPage} />
          </>
        )}
      </QueryList>
      <ConfirmDialog
        open={toPromote !== null}
        title="Make this user an admin?"
        description={
          toPromote
            ? `${fullName(toPromote)} (${toPromote.email}) will be able to manage every user, order and medicine, and make other admins.`
            : ''
        }
        confirmLabel="Make admin"
        busy={settingRole}
        onConfirm={() => void (toPromote && changeRole(toPromote, ROLE.admin))}
        onCancel={() => setToPromote(null)}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete user?"
        description={
          toDelete
            ? `${fullName(toDelete)} (${toDelete.email}) will be deleted and signed out. Their orders stay, shown as 'Deleted'; those not yet dispatched are canceled, with their stock put back, and ${fullName(toDelete)} is told by e-mail.`
            : ''
        }
        confirmLabel="Delete"
        busy={deleting}
        onConfirm={confirm}
        onCancel={cancel}
      />
    </section>
  );
}
