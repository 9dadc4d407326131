// The gallery's moderation client (moderation-client.ts) over its one transport (api.ts): for the report dialog and the
// admins' tools, which load it with their own code.

import { api } from './api.ts'
import { createModerationClient } from './moderation-client.ts'

export const moderationApi = createModerationClient(api)
