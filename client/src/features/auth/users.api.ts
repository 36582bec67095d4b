import type * as contract from '@apotheca/contract';
import { api, apiPath, change, pagedListQuery, shownWhileSaved, STOCK_TAGS } from '../../lib/api';

const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    // One page of users, searched on the server by name or e-mail.
    getAllUsers: build.query<contract.UsersResponse, contract.UserListQuery>(
      pagedListQuery('/auth/get-all-users', 'Users'),
    ),
    // A deleted user's orders now show 'Deleted' in the admin order list, and those not yet dispatched
    // are canceled, their stock put back.
    deleteUser: build.mutation<contract.DeleteUserResponse, string>(
      change(
        (id) => ({ url: apiPath`/auth/delete-user/${id}`, method: 'DELETE' }),
        ['Users', 'Orders', 'Order', ...STOCK_TAGS],
      ),
    ),
    // The list's select and badge show the chosen role at once; a failure puts the old one back.
    setUserRole: build.mutation<contract.UserResponse, contract.UpdateUserRole & contract.IdParams>({
      ...change(
        ({ id, role }) => ({ url: apiPath`/auth/users/${id}/role`, method: 'PATCH', body: { role } }),
        ['Users'],
      ),
      async onQueryStarted({ id, role }, lifecycle) {
        await shownWhileSaved(
          lifecycle.queryFulfilled,
          usersApi.util.selectCachedArgsForQuery(lifecycle.getState(), 'getAllUsers'),
          (args) =>
            lifecycle.dispatch(
              usersApi.util.updateQueryData('getAllUsers', args, (draft) => {
                const user = draft.users.find((candidate) => candidate._id === id);
                if (user) user.role = role;
              }),
            ),
        );
      },
    }),
  }),
});

export const { useGetAllUsersQuery, useDeleteUserMutation, useSetUserRoleMutation } = usersApi;
