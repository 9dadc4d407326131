import type { ServiceDeps } from './deps.ts'

// Follows: the writes, and what they invalidate.
export class FollowService {
  constructor(private readonly deps: ServiceDeps) {}

  async follow(me: number, userId: number, restrict: 0 | 1): Promise<void> {
    await this.deps.repos.follows.follow(me, userId, restrict)
    // Following can make restrict-1 works visible (mutual follows) to these two accounts and no other: their versions
    // move, and with them the keys of their cached searches and recommendations (no one else's cache is touched).
    await this.deps.caches.bus.publish({ callers: [me, userId] })
  }

  async unfollow(me: number, userId: number): Promise<void> {
    await this.deps.repos.follows.unfollow(me, userId)
    await this.deps.caches.bus.publish({ callers: [me, userId] })
  }

  following(userId: number, restrict: 0 | 1, offset: number, limit: number): Promise<number[]> {
    return this.deps.repos.follows.following(userId, restrict, offset, limit)
  }

  followers(userId: number, offset: number, limit: number): Promise<number[]> {
    return this.deps.repos.follows.followers(userId, offset, limit)
  }

  mypixiv(userId: number, callerId: number, offset: number, limit: number): Promise<number[]> {
    return this.deps.repos.follows.mypixiv(userId, callerId, offset, limit)
  }

  /** Whether `followerId` follows `userId` (the comment permission of an author who takes comments from follows). */
  async follows(followerId: number, userId: number): Promise<boolean> {
    return (await this.deps.repos.follows.followedAmong(followerId, [userId])).has(userId)
  }
}
