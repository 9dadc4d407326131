// The gallery's novel posting client (novel-posting-client.ts) over its one transport (api.ts): for the novel editor,
// which loads it with its own code.

import { api } from './api.ts'
import { createNovelPostingClient } from './novel-posting-client.ts'

export const novelPostingApi = createNovelPostingClient(api)
