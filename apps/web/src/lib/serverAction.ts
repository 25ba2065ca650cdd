import { useMutation, type UseMutationOptions, type UseMutationResult } from '@tanstack/react-query';
import { notify, NOTIFY_SECONDS } from './notify';

export type ServerActionOptions<TData, TVariables, TOnMutateResult = unknown> = UseMutationOptions<
  TData,
  Error,
  TVariables,
  TOnMutateResult
> & {
  /** How long the failure notice stays, in seconds (the product's error duration unless said). */
  errorSeconds?: number;
};

/**
 * A server call a person starts (search, verify, delete…): `useMutation` that, when the call
 * fails, shows the error's message (for an ApiError the server's `message`/`msg`) in an error
 * notice, then runs the screen's own `onError`. What the server answers with a 200 is data: the
 * screen decides in `onSuccess` what to say about it.
 */
export function useServerAction<TData = unknown, TVariables = void, TOnMutateResult = unknown>({
  errorSeconds = NOTIFY_SECONDS.error,
  onError,
  ...options
}: ServerActionOptions<TData, TVariables, TOnMutateResult>): UseMutationResult<
  TData,
  Error,
  TVariables,
  TOnMutateResult
> {
  return useMutation({
    ...options,
    onError: (error, ...rest) => {
      notify.error(error.message, errorSeconds);
      return onError?.(error, ...rest);
    },
  });
}
