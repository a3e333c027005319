-- Drives Neovim's own LSP client against `xtask lsp`, headless: opens the
-- falling chapter, waits for a verdict and the lens refresh that comes with
-- it, checks a hover, jumps to a rule's definition, makes an example fail,
-- misspells a rule and waits for the diagnostic, then edits a table cell and
-- waits for the rebuild's progress, and quits with the build under way. Run
-- by xtask/tests/nvim.rs with SERVER (the xtask binary), ROOT (a workspace
-- copy), and FAKE_CARGO and CARGO_PID (the script that stands for cargo, and
-- where it writes its pid) in the environment; any failure exits with 1.

local server, root = os.getenv('SERVER'), os.getenv('ROOT')

local function fail(message)
  io.stderr:write('FAILED: ' .. message .. '\n')
  vim.cmd('cquit! 1')
end

local function say(message)
  io.stderr:write(message .. '\n')
end

local function wait(what, ms, check)
  if not vim.wait(ms, check, 100) then fail('timed out waiting for ' .. what) end
end

-- The 1-based number of the first line (after line `after`) that contains `text`.
local function line_of(text, after)
  for i, l in ipairs(vim.api.nvim_buf_get_lines(0, 0, -1, false)) do
    if i > (after or 0) and l:find(text, 1, true) then return i end
  end
  fail('no line with ' .. text)
end

local function cursor_on(text, after)
  local line = line_of(text)
  local col = vim.api.nvim_buf_get_lines(0, line - 1, line, false)[1]:find(text, 1, true)
  vim.api.nvim_win_set_cursor(0, { line, col - 1 + (after or 0) })
end

-- The title of the code lens on the 1-based line `line`, if any.
local function lens_at(line)
  for _, lens in ipairs(vim.lsp.codelens.get(0)) do
    if lens.range.start.line == line - 1 and lens.command then return lens.command.title end
  end
end

local function lens_becomes(line, wanted)
  wait('a code lens "' .. wanted .. '" on line ' .. line, 120000, function()
    pcall(vim.lsp.codelens.refresh)
    vim.wait(200)
    local title = lens_at(line)
    return title ~= nil and title:find(wanted, 1, true) ~= nil
  end)
end

-- What the server told the client: lens refreshes, and progress reports.
local refreshes, reports = 0, {}
local capabilities = vim.lsp.protocol.make_client_capabilities()
capabilities.workspace.codeLens = { refreshSupport = true }
local show_progress = vim.lsp.handlers['$/progress']

vim.cmd('edit ' .. root .. '/spec/action/falling.md')
local client = vim.lsp.start_client({
  name = 'rulebook',
  cmd = { server, 'lsp' },
  cmd_env = { XTASK_ROOT = root, CARGO = os.getenv('FAKE_CARGO'), CARGO_PID = os.getenv('CARGO_PID') },
  root_dir = root,
  capabilities = capabilities,
  -- On quitting, wait for the server to exit by itself rather than kill it.
  flags = { exit_timeout = false },
  handlers = {
    ['workspace/codeLens/refresh'] = function()
      refreshes = refreshes + 1
      return vim.NIL
    end,
    ['$/progress'] = function(err, result, ctx, config)
      if result and result.value and result.value.message then table.insert(reports, result.value.message) end
      return show_progress(err, result, ctx, config)
    end,
  },
})
if not client then fail('the server did not start') end
vim.lsp.buf_attach_client(0, client)
wait('the server to start', 30000, function()
  local c = vim.lsp.get_client_by_id(client)
  return c ~= nil and c.server_capabilities ~= nil and c.server_capabilities.codeLensProvider ~= nil
end)

-- A verdict: Mary's fall agrees with the book.
local mary = line_of('```example mary-falls')
lens_becomes(mary, 'agrees')
say('verdict: ' .. lens_at(mary))
wait('a lens refresh', 10000, function() return refreshes > 0 end)
say('lens refresh: ' .. refreshes)

-- A hover on the 23-26 row's damage cell shows the value the code reads.
cursor_on('9d6 |')
local hover = vim.lsp.buf_request_sync(0, 'textDocument/hover', vim.lsp.util.make_position_params(), 10000)
local shown = vim.inspect(hover)
if not shown:find('Dice::new(9, 6, 0)', 1, true) then fail('hover: ' .. shown) end
say('hover: Dice::new(9, 6, 0)')

-- Go to definition from the example's rule to the rule block.
vim.api.nvim_win_set_cursor(0, { mary + 1, 9 })
vim.lsp.buf.definition()
local rule = line_of('```rule fall')
wait('the jump to the rule block', 10000, function() return vim.api.nvim_win_get_cursor(0)[1] == rule end)
say('definition: line ' .. rule)

-- An example edit: the claim 9d6 becomes 8d6, and the verdict says so.
local claim = line_of('damage = "9d6"', mary)
vim.api.nvim_buf_set_lines(0, claim - 1, claim, false, { 'damage = "8d6"' })
lens_becomes(mary, 'fails: damage: book 8d6 | rules 9d6')
say('verdict: ' .. lens_at(mary))

-- A mistake: a misspelt rule, reported with its code and suggestion.
vim.api.nvim_buf_set_lines(0, mary, mary + 1, false, { 'rule = "falling.fal"' })
wait('the diagnostic of the misspelt rule', 10000, function()
  for _, d in ipairs(vim.diagnostic.get(0)) do
    if d.code == 'E0023' and d.message:find('did you mean `falling.fall`?', 1, true) then return true end
  end
end)
say('diagnostic: E0023 did you mean `falling.fall`?')

-- A table edit: the 23-26 row's damage cell, to the figure the claim now
-- holds. The running resolver judges it with the edited cell at once, and
-- the resolver is rebuilt with it behind.
vim.api.nvim_buf_set_lines(0, mary, mary + 1, false, { 'rule = "falling.fall"' })
local row = line_of('| 23-26 | 18m/s | 9d6 |')
vim.api.nvim_buf_set_lines(0, row - 1, row, false, { '| 23-26 | 18m/s | 8d6 | 27 | " | |' })
lens_becomes(mary, 'agrees (judged with the edited cells of table `falling-table`')
say('verdict: ' .. lens_at(mary))
wait('the rebuild\'s progress', 60000, function()
  for _, message in ipairs(reports) do
    if message:find('building the resolver: 3 of 12', 1, true) then return true end
  end
end)
say('progress: building the resolver: 3 of 12')

-- Quit with the build under way: the test checks that the server and its
-- build are gone within 2 s.
say('server pid: ' .. vim.lsp.get_client_by_id(client).rpc.pid)
vim.cmd('qall!')
