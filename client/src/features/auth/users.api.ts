import type { User } from '@apotheca/contract';
import { api } from '../../lib/api';

export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAllUsers: build.query<{ users: User[] }, void>({
      query: () => '/auth/get-all-users',
      providesTags: ['Users'],
    }),
    deleteUser: build.mutation<{ message: string; user: User }, string>({
      query: (id) => ({ url: `/auth/delete-user/${encodeURIComponent(id)}`, method: 'DELETE' }),
      // A deleted user's orders now show 'Deleted' in the admin order list.
      invalidatesTags: ['Users', 'Orders', 'Order'],
    }),
  }),
});

export const { useGetAllUsersQuery, useDeleteUserMutation } = usersApi;
