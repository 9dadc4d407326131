import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { UserDetail } from '../../../api/model.ts'
import { BadRequestError } from '../../../lib/api-error.ts'
import { ProfileSection } from './profile-form.tsx'

const mocks = vi.hoisted(() => ({
  userDetail: vi.fn(),
  editProfileImage: vi.fn(),
  deleteProfileImage: vi.fn(),
  refresh: vi.fn(),
}))

vi.mock('../../../lib/account-api.ts', () => ({
  accountApi: { editProfileImage: mocks.editProfileImage, deleteProfileImage: mocks.deleteProfileImage },
}))

vi.mock('../../../lib/api.ts', () => ({
  api: { userDetail: mocks.userDetail },
  session: { get: () => null, subscribe: () => () => true, refresh: mocks.refresh },
}))

const detail = (avatar: string, custom: boolean, background = '') =>
  ({
    user: { id: 7, name: 'Reader', account: 'reader', comment: '', profileImageUrls: { medium: avatar } },
    profile: { webpage: null, backgroundImageUrl: background, isUsingCustomProfileImage: custom },
  }) as unknown as UserDetail

/** A cached work (the works feature's key): it shows its author's avatar. */
const WORK_KEY = ['works', 'detail', 1]

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  client.setQueryData(WORK_KEY, { id: 1 })
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ProfileSection userId={7} itemKeys={[['works']]} />
      </MemoryRouter>
    </QueryClientProvider>,
  )
  return client
}

const group = (name: string) => screen.getByRole('group', { name })
const choose = (name: string, file: File) =>
  fireEvent.change(group(name).querySelector('input[type="file"]')!, { target: { files: [file] } })
const image = (name: string, type = 'image/png', size = 10) => new File([new Uint8Array(size)], name, { type })

beforeEach(() => {
  vi.resetAllMocks()
  mocks.refresh.mockResolvedValue(null)
})

describe('the profile’s images', () => {
  it('show the current avatar and background; only one’s own can be removed', async () => {
    mocks.userDetail.mockResolvedValue(detail('/generated.png', false, '/bg.jpg'))
    setup()
    expect(await screen.findByRole('img', { name: 'Your avatar' })).toHaveAttribute('src', '/generated.png')
    expect(screen.getByRole('img', { name: 'Your profile’s background' })).toHaveAttribute('src', '/bg.jpg')
    expect(within(group('Avatar')).getByRole('button', { name: 'Change avatar' })).toBeEnabled()
    expect(within(group('Avatar')).queryByRole('button', { name: 'Remove avatar' })).toBeNull()
    expect(within(group('Background')).getByRole('button', { name: 'Remove background' })).toBeEnabled()
    const input = group('Avatar').querySelector<HTMLInputElement>('input[type="file"]')!
    expect(input.accept).toBe('image/jpeg,image/png,image/gif,image/webp')
    expect(input.multiple).toBe(false)
  })

  it('uploads a new avatar with its progress, then shows it, in the header too (the session renewed)', async () => {
    mocks.userDetail.mockResolvedValue(detail('/generated.png', false))
    let progress: ((sent: number, total: number) => void) | undefined
    let finish: (() => void) | undefined
    mocks.editProfileImage.mockImplementation(
      (_file: File, _role: string, opts: { onProgress: typeof progress }) =>
        new Promise<void>((resolve) => {
          progress = opts.onProgress
          finish = resolve
        }),
    )
    const client = setup()
    await screen.findByRole('img', { name: 'Your avatar' })
    expect(screen.getByText('No background')).toBeInTheDocument()
    const file = image('me.png', 'image/png', 100)
    choose('Avatar', file)
    await waitFor(() => expect(mocks.editProfileImage).toHaveBeenCalledWith(file, 'avatar', expect.anything()))
    act(() => progress!(40, 100))
    const bar = screen.getByRole('progressbar', { name: 'Upload of the avatar' })
    expect(bar).toHaveAttribute('aria-valuenow', '40')
    expect(screen.getByText('Uploading… 40%')).toBeInTheDocument()
    expect(within(group('Avatar')).getByRole('button', { name: 'Change avatar' })).toBeDisabled()

    mocks.userDetail.mockResolvedValue(detail('/mine.png', true))
    await act(async () => finish!())
    expect(await within(group('Avatar')).findByRole('status')).toHaveTextContent('Avatar changed')
    expect(screen.getByRole('img', { name: 'Your avatar' })).toHaveAttribute('src', '/mine.png')
    expect(screen.queryByRole('progressbar')).toBeNull()
    expect(mocks.refresh).toHaveBeenCalled()
    // Works show their authors' avatars: they are asked again.
    expect(client.getQueryState(WORK_KEY)?.isInvalidated).toBe(true)
    expect(within(group('Avatar')).getByRole('button', { name: 'Remove avatar' })).toBeEnabled()
  })

  it('says why an image was refused: by the gallery before sending, or by the service', async () => {
    mocks.userDetail.mockResolvedValue(detail('/generated.png', false))
    setup()
    await screen.findByRole('img', { name: 'Your avatar' })
    choose('Avatar', image('notes.pdf', 'application/pdf'))
    expect(within(group('Avatar')).getByRole('alert')).toHaveTextContent(
      'This file is not a JPEG, PNG, GIF or WebP image.',
    )
    choose('Avatar', image('huge.png', 'image/png', 8 * 1024 * 1024 + 1))
    expect(within(group('Avatar')).getByRole('alert')).toHaveTextContent('This file is larger than 8 MB.')
    expect(mocks.editProfileImage).not.toHaveBeenCalled()

    mocks.editProfileImage.mockRejectedValue(
      new BadRequestError({ status: 400, userMessage: 'The image is cut short (truncated).' }),
    )
    choose('Background', image('cut.png'))
    expect(await within(group('Background')).findByRole('alert')).toHaveTextContent(
      'The image is cut short (truncated).',
    )
    expect(within(group('Background')).getByRole('status')).toHaveTextContent('')
    expect(mocks.refresh).not.toHaveBeenCalled()
  })

  it('removes the background, and the profile shows none', async () => {
    mocks.userDetail.mockResolvedValue(detail('/generated.png', false, '/bg.jpg'))
    mocks.deleteProfileImage.mockResolvedValue(undefined)
    setup()
    await screen.findByRole('img', { name: 'Your profile’s background' })
    mocks.userDetail.mockResolvedValue(detail('/generated.png', false))
    fireEvent.click(screen.getByRole('button', { name: 'Remove background' }))
    await waitFor(() => expect(mocks.deleteProfileImage).toHaveBeenCalledWith('background'))
    expect(await within(group('Background')).findByText('Background removed')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByText('No background')).toBeInTheDocument())
    expect(screen.queryByRole('button', { name: 'Remove background' })).toBeNull()
    // The header shows no background: the session is not renewed for it.
    expect(mocks.refresh).not.toHaveBeenCalled()
  })
})
