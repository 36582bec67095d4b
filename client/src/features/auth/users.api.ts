import type * as contract from '@apotheca/contract';
import { api, apiPath, change, pagedListQuery } from '../../lib/api';

const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    // One page of users, searched on the server by name or e-mail.
    getAllUsers: build.query<contract.UsersResponse, contract.UserListQuery>(
      pagedListQuery('/auth/get-all-users', 'Users'),
    ),
    // A deleted user's orders now show 'Deleted' in the admin order list.
    deleteUser: build.mutation<contract.DeleteUserResponse, string>(
      change((id) => ({ url: apiPath`/auth/delete-user/${id}`, method: 'DELETE' }), ['Users', 'Orders', 'Order']),
    ),
    setUserRole: build.mutation<contract.UserResponse, contract.UpdateUserRole & contract.IdParams>(
      change(({ id, role }) => ({ url: apiPath`/auth/users/${id}/role`, method: 'PATCH', body: { role } }), ['Users']),
    ),
  }),
});

export const { useGetAllUsersQuery, useDeleteUserMutation, useSetUserRoleMutation } = usersApi;
