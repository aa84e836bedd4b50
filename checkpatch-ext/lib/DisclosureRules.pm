# SPDX-License-Identifier: GPL-2.0
# The rule tables disclosure.pl shares with the kernel's checkpatch.pl
# patch: checkpatch-ext/bin/kernel-checkpatch.pl writes them into that
# patch (with agents.conf as scripts/coding-agents.conf and the kernel
# policy's basic tools), so they are kept here and nowhere else.
package DisclosureRules;
use v5.36;

# The two Assisted-by forms of Documentation/process/coding-assistants.rst:
# AGENT_NAME:MODEL_VERSION from 78d979db6cef (Dec 2025) to 7.2, LLM since
# 816d9992d9ed ("coding-assistants: simplify attribution", 7.3).
our %FORM = (
	'llm' => 'Assisted-by: LLM [TOOL1] [TOOL2]',
	'agent-model' => 'Assisted-by: AGENT_NAME:MODEL_VERSION [TOOL1] [TOOL2]',
);

# Words (regexes) that name an AI in prose besides the registry's agents,
# names, claim words and model patterns.
our @AI_WORDS = (
	'LLMs?',
	'large\s+language\s+models?',
	'an?\s+AI(?:\s+(?:assistant|agent|tool|model|chatbot))?',
	'AI\s+(?:assistant|agent|tool|model|chatbot)s?',
	'(?:a|an|the)\s+(?:coding\s+)?(?:assistant|agent|chatbot)',
);

1;
