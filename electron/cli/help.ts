import {
  IMAGE_ASPECT_RATIOS,
  IMAGE_RESOLUTIONS,
  IMAGE_TOOL_BACKGROUNDS,
  IMAGE_TOOL_FORMATS,
  IMAGE_TOOL_QUALITIES,
  IMAGE_TOOL_SIZES,
} from '../../shared/controls.ts';

/** The help texts, one per command. */
const CONNECTION = `Connection (environment or flags):
  QUARTET_BASE_URL      the service address, e.g. https://api.example.com (or --base-url URL)
  --connection NAME     the address of a connection saved in the app (its data folder:
                        $QUARTET_DATA_DIR, else $XDG_DATA_HOME/quartet); keys still come from below
  QUARTET_API_KEY       the default key
  QUARTET_CHAT_API_KEY, QUARTET_MESSAGES_API_KEY, QUARTET_GENERATE_API_KEY
                        a key per family (Bearer / messages / generate content), used before the default
  --key KEY             the default key on the command line; prefer the variables above: other users of
                        this machine can read a command line in the process list`;

export const HELP: Record<string, string> = {
  main: `quartet: talk to a model-access compatibility service from the terminal

Usage:
  quartet models [--family bearer|messages|generate] [--json]
  quartet ask --format FORMAT --model ID [options] PROMPT
  quartet image --model ID --out DIR [--edit FILE [--mask FILE]] [options] PROMPT
  quartet simulate [--port N] [--pace JSON]
  quartet doctor [--model-chat ID] [--model-messages ID] [--model-generate ID] [--model-image ID]
                 [--images] [--json] [--report FILE.md]
  quartet bench --row FORMAT:MODEL [--row ...] [--runs N] [--concurrency N] [--tokens N] [--json] [PROMPT]
  quartet <command> --help
  quartet --version

${CONNECTION}

Exit codes: 0 success, 1 the service or the network failed, 2 bad usage.
No service at hand? Run \`npx quartet simulate\` and use the address and sandbox key it prints.
In the project folder, \`npx quartet\` runs this command (npm install does not put \`quartet\` on PATH).`,

  models: `quartet models: list the models the key may use

Usage: quartet models [--family bearer|messages|generate] [--json]

  --family F            which key family to ask with (default: the first with a key, Bearer first)
  --json                print the list as JSON

${CONNECTION}`,

  ask: `quartet ask: send one message and print the reply

Usage: quartet ask --format chat|responses|messages|generate --model ID [options] PROMPT
       echo PROMPT | quartet ask --format chat --model ID -

  --format F            chat | responses | messages | generate (default: the history file's)
  --model ID            the model (default: the history file's)
  --system TEXT         system prompt (default: the history file's)
  --history FILE        a conversation file: read if it exists, then the new turn and the reply are
                        appended and the file is rewritten atomically (thought signatures and attached
                        files survive; the replies' images are kept as files, by path and SHA-256, and
                        go back from them unchanged, so the next turn can edit them)
  --attach FILE         attach a file (repeatable, at most 10): PNG, JPEG, WebP or GIF images, PDFs, UTF-8
                        text files; sent before the prompt, which may then be left out
  --fit-images          send an image past the format's limits (Messages: 3.75 MB, 8000 px a side;
                        Generate Content: no GIF) as a copy fitted to them: scaled down, then JPEG or
                        WebP at falling quality; stderr says the copy's size
  --stream              print the reply as it arrives (and a line on stderr per partial image)
  --image               make images: responses sends the image_generation tool, generate content asks
                        for responseModalities TEXT and IMAGE (kept in the history file)
  --image-size S        responses: ${IMAGE_TOOL_SIZES.join(' | ')}
  --image-quality Q     responses: ${IMAGE_TOOL_QUALITIES.join(' | ')}
  --image-format F      responses: ${IMAGE_TOOL_FORMATS.join(' | ')}
  --image-background B  responses: ${IMAGE_TOOL_BACKGROUNDS.join(' | ')}
  --partial-images N    responses, streamed: 0..3 partial images before the final one
  --aspect-ratio R      generate: ${IMAGE_ASPECT_RATIOS.join(' | ')}
  --image-resolution R  generate: ${IMAGE_RESOLUTIONS.join(' | ')}
  --out DIR             save the reply's images in DIR and print their paths (with --history and no
                        --out: in FILE-images/ beside the history file)
  --max-tokens N        reply length limit (messages default: 1024)
  --temperature T       0..2 (messages: 0..1)
  --include-thoughts    ask for thought summaries (generate content) and print thoughts to stderr
  --thinking-budget N   thinking tokens: generate content 0 = off, -1 = dynamic; messages >= 1024
  --json                print {format, model, text, thoughts, usage, finishReason, endReason, endDetail,
                        toolCalls, images: [{path, mimeType, width, height, thought, revisedPrompt}]}
                        (with --mcp also toolRuns: [{callId, server, tool, arguments, status, result}]
                        and stepLimitReached)
  --mcp NAME            offer the tools of the server NAME of mcp.json in the data folder (repeatable;
                        the same file and tool names as the app); each call is asked about on the
                        terminal first: y runs it, n denies it with a reason sent back to the model, a
                        runs this tool for the rest of the run; then the results go back and the model
                        goes on until it answers without calls
  --yes, -y             run the --mcp servers' tools without asking (without it, a call when standard
                        input is not a terminal is refused, exit 2)
  --steps N             rounds of tool calls before stopping with a note (default: the app's step limit
                        setting, else 10)
  PROMPT                the message; '-' reads it from stdin

A file is at most 20 MB (a text file 2 MB, a message's files 30 MB together); messages takes images up to
3.75 MB (5 MB of base64) and generate content takes no GIF. A file that cannot go is refused before anything is sent (exit 2).

A reply that ends otherwise than normally (refused, stopped by a content filter, cut at the token limit,
empty) says so on stderr, with the finish reason and the service's explanation; the exit code stays 0.

${CONNECTION}`,

  image: `quartet image: generate images, or edit images, and save them

Usage: quartet image --model ID --out DIR [options] PROMPT
       quartet image --model ID --out DIR --edit FILE [--edit FILE2] [--mask FILE] [options] PROMPT

  --model ID            an image model, e.g. gpt-image-1
  --out DIR             folder for the files (created if missing)
  --size WxH            e.g. 1024x1024, or auto; the service may adjust it
  --n N                 number of images, 1..10
  --quality Q           low | medium | high | auto
  --output-format F     png | jpeg | webp
  --background B        transparent | opaque | auto
  --json                print the saved files as JSON
  --edit FILE           edit this image instead (PNG, JPEG or WebP; repeatable, at most 16: the first is
                        the one edited, the others are references); sent to /v1/images/edits
  --mask FILE           a PNG of the first image's size: its transparent pixels mark what may change
  --input-fidelity F    low | high: how closely the edit keeps the input images' details
  PROMPT                what to draw, or what to change; '-' reads it from stdin

${CONNECTION}`,

  doctor: `quartet doctor: check the service against its specification, one small request at a time

Usage: quartet doctor [--model-chat ID] [--model-messages ID] [--model-generate ID] [--model-image ID]
                      [--images] [--attachments] [--tools] [--json] [--report FILE.md]

  --model-chat ID       model for chat completions and responses (default: the first gpt-* in the list)
  --model-messages ID   model for messages (default: the first claude-* in the list)
  --model-generate ID   model for generate content (default: the first gemini-* in the list)
  --model-image ID      image model (default: the first *image* in the list)
  --images              also make images (each costs one): one small image, an edit of it, the
                        responses image tool and generate content's image output (information)
  --attachments         also send each text format a tiny image (information: the spec is silent)
  --tools               also make each text format call a function and send the result back
                        (two small requests each; information: the spec is silent on tools)
  --json                print the report as JSON
  --report FILE.md      also write the report as Markdown, to share

Each check ends as pass, warn (works, but differs from the spec in a way clients may trip on), fail or
info, with one line saying what was expected and what came back.
Exit codes: 0 nothing failed, 1 a check failed, 2 bad usage.

${CONNECTION}`,

  bench: `quartet bench: measure rows of (format, model) side by side, as the app's speed lab does

Usage: quartet bench --row FORMAT:MODEL [--row FORMAT:MODEL ...] [options] [PROMPT]

  --row FORMAT:MODEL    a row to measure, e.g. chat:gpt-5-mini or messages:claude-haiku-4-5 (up to 8)
  --runs N              runs per row (default 5, at most 50)
  --concurrency N       requests at once (default 1, at most 4)
  --tokens N            the output length asked for (default 200)
  --timeout-ms MS       a run fails as timed out past this silence (default 30000)
  --json                print every run, the plan and each row's figures as JSON

Per row: time to first token, tokens per second after it, total time (p50/p90/p99) and errors by kind
(refused, rate-limited, timeout, broken-stream, network, service-error). Nothing is retried.
Exit codes: 0 every run answered, 1 a run failed, 2 bad usage.

${CONNECTION}`,

  simulate: `quartet simulate: run the local simulator of the service until Ctrl+C

Usage: quartet simulate [--port N] [--pace JSON]

  --port N              port on 127.0.0.1 (default: a free one)
  --pace JSON           how fast it answers and how often it fails, e.g.
                        '{"firstTokenMs":300,"tokensPerSecond":40,"jitter":0.2,"errorRate":0.1,"seed":7}'
                        (errorKinds: refused, rate-limited, timeout, broken)

It prints its base address and the sandbox key, which works for every interface.`,
};
