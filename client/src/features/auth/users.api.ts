import type {
  DeleteUserResponse,
  IdParams,
  UpdateUserRole,
  UserListQuery,
  UserResponse,
  UsersResponse,
} from '@apotheca/contract';
import { api, pagedListQuery } from '../../lib/api';

const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    // One page of users, searched on the server by name or e-mail.
    getAllUsers: build.query<UsersResponse, UserListQuery>(pagedListQuery('/auth/get-all-users', 'Users')),
    deleteUser: build.mutation<DeleteUserResponse, string>({
      query: (id) => ({ url: `/auth/delete-user/${encodeURIComponent(id)}`, method: 'DELETE' }),
      // A deleted user's orders now show 'Deleted' in the admin order list.
      invalidatesTags: ['Users', 'Orders', 'Order'],
    }),
    setUserRole: build.mutation<UserResponse, UpdateUserRole & IdParams>({
      query: ({ id, role }) => ({ url: `/auth/users/${encodeURIComponent(id)}/role`, method: 'PATCH', body: { role } }),
      invalidatesTags: ['Users'],
    }),
  }),
});

export const { useGetAllUsersQuery, useDeleteUserMutation, useSetUserRoleMutation } = usersApi;
