import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { COMMENT_SUCCESS_MESSAGES, commentMessageFor } from '@trackside/contracts/errors/comment-error-codes';
import { serverError } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { useAuth } from '../../auth/auth-context';
import type { Ack } from '../lot/lot-live';
import { COMMENT_ADD, COMMENT_LIKE, COMMENT_REMOVE } from './comment.operations';

export const COMMENT_MESSAGES = {
  login: 'Please login to make a comment.',
  failed: 'Something went wrong. Please try again.',
  removed: 'Your comment has been removed.',
  /** A like or remove failing for one comment (spec 001 section 9; the spec's spelling). */
  occurred: (id: string) => `Error - '${id}' has occured.`,
} as const;

export type CommentEmit = (<T>(event: string, payload: Record<string, unknown>) => Promise<Ack<T>>) | null;

/**
 * The comment writes: `post` (through the socket when there is one, else GraphQL and a reload),
 * `onLike` and `onRemove`, each telling the user how it went; `busy` while a post is on its way.
 */
export function useCommentActions(auctionId: string, emit: CommentEmit, reload: () => void) {
  const relation = `auction:${auctionId}`;
  const { isLoggedIn, requireAuth, user } = useAuth();
  const [busy, setBusy] = useState(false);
  const [addComment] = useMutation(COMMENT_ADD);
  const [like] = useMutation(COMMENT_LIKE);
  const [remove] = useMutation(COMMENT_REMOVE);

  const post = async (text: string, threadOf: string | null): Promise<boolean> => {
    if (!isLoggedIn) {
      notify('warning', COMMENT_MESSAGES.login);
      requireAuth();
      return false;
    }
    if (!text.trim()) return false;
    setBusy(true);
    try {
      if (emit) {
        const ack = await emit('comment', { auctionId, content: text.trim(), ...(threadOf ? { threadOf } : {}) });
        if (ack.status === 'failure') {
          notify('error', ack.message ?? COMMENT_MESSAGES.failed);
          return false;
        }
      } else {
        await addComment({ variables: { content: text.trim(), threadOf, refId: auctionId } });
        reload();
      }
      notify('success', COMMENT_SUCCESS_MESSAGES.commentPosted);
      return true;
    } catch (failure) {
      const { code } = serverError(failure);
      notify('error', code === 'comment.login.required' ? COMMENT_MESSAGES.login : COMMENT_MESSAGES.failed);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const onLike = (id: string) =>
    requireAuth(() => {
      like({ variables: { id, relation } })
        .then(() => {
          if (!emit) reload();
        })
        .catch(() => notify('error', COMMENT_MESSAGES.occurred(id)));
    });

  const onRemove = (id: string) => {
    if (!user) return;
    remove({ variables: { id, relation, authorId: user.id } })
      .then(() => {
        notify('success', COMMENT_MESSAGES.removed);
        if (!emit) reload();
      })
      .catch((failure: unknown) => {
        const { code } = serverError(failure);
        notify('error', code ? commentMessageFor(code) : COMMENT_MESSAGES.occurred(id));
      });
  };

  return { relation, busy, post, onLike, onRemove };
}
