-- skill-author's language server in Neovim 0.7 or later (the built-in LSP client; no plugin needed).
-- This file is what test/unit/lsp-neovim.test.ts runs in a headless Neovim: copy it to
-- ~/.config/nvim/lua/skill-author.lua and call, from init.lua,
--
--   require('skill-author').setup()                 -- probes off: nothing from a skill is ever run
--   require('skill-author').setup({ trusted = true }) -- your own skills: run `<bin> --version` probes
--
-- Options: cmd (default { 'skill-author', 'lsp', '--stdio' }), trusted (default false), root_dir (default:
-- the folder above the file holding .git, else the current directory), settings (the server's
-- initializationOptions besides `trusted`: runtimes, roots, background, debounceMs, … — see docs/lsp.md).
local M = {}

local PATTERNS = { 'SKILL.md', 'agents.yaml', 'agents.yml', 'openclaw.json', 'plugin.toml', 'nexo-plugin.toml', '*/config/extensions.yaml' }

local function find_root(file)
  local dir = vim.fn.fnamemodify(file, ':p:h')
  local git = vim.fn.finddir('.git', dir .. ';')
  if git ~= '' then
    return vim.fn.fnamemodify(git, ':p:h:h')
  end
  return vim.fn.getcwd()
end

function M.setup(opts)
  opts = opts or {}
  local clients = {} -- one server per root folder
  local group = vim.api.nvim_create_augroup('skill-author-lsp', { clear = true })
  vim.api.nvim_create_autocmd({ 'BufReadPost', 'BufNewFile' }, {
    group = group,
    pattern = PATTERNS,
    callback = function(args)
      local root = opts.root_dir or find_root(vim.api.nvim_buf_get_name(args.buf))
      if not clients[root] then
        local init = vim.deepcopy(opts.settings or {})
        init.trusted = opts.trusted == true
        clients[root] = vim.lsp.start_client({
          name = 'skill-author',
          cmd = opts.cmd or { 'skill-author', 'lsp', '--stdio' },
          root_dir = root,
          init_options = init,
        })
      end
      if clients[root] then
        vim.lsp.buf_attach_client(args.buf, clients[root])
      end
    end,
  })
end

return M
