/* i18n_msgs: the text of every UI message, English then Simplified
 * Chinese.  X(id, English, Chinese); printf placeholders must match in
 * order and kind (tests/unit/test_i18n.c checks).  Chinese uses the terms
 * learners meet elsewhere (流式多处理器, 显存, 线程块, 核函数...) and
 * full-width punctuation. */
#ifndef CK_I18N_MSGS_H
#define CK_I18N_MSGS_H

#include "i18n_drill.h"

#define CK_MESSAGES(X) \
	CK_DRILL_MESSAGES(X) \
	/* ---- shared chrome ---- */ \
	X(MSG_TOO_SMALL, "terminal too small: need 60%s20, have %d%s%d", "终端太小：需要 60%s20，当前 %d%s%d") \
	X(MSG_FALLBACK_MARK, "[EN]", "（英文）") \
	/* ---- app status lines ---- */ \
	X(MSG_PROGRESS_NOT_SAVED, "progress not saved", "进度未保存") \
	X(MSG_TOO_MANY_SCREENS, "too many screens open; press Esc to go back", "打开的界面太多；按 Esc 返回") \
	X(MSG_CANNOT_OPEN, "cannot open '%s'", "无法打开“%s”") \
	X(MSG_NO_SUCH_ID, "no lesson or block named '%s'", "没有名为“%s”的课程或模块") \
	X(MSG_NO_HOME, "progress will not be saved: no HOME or XDG_STATE_HOME", "进度不会保存：没有设置 HOME 或 XDG_STATE_HOME") \
	X(MSG_PROGRESS_UNREADABLE, "progress could not be read", "无法读取进度") \
	X(MSG_NOT_SAVED_THIS_TIME, "%s; it will not be saved this time", "%s；本次不会保存") \
	X(MSG_WILL_NOT_SAVE_YET, "This window's progress is not saved until the other one quits, then the two are merged: %s", "在另一个窗口退出之前，本窗口的进度不会保存，退出后两者会合并：%s") \
	X(MSG_NOT_SAVED_MARK, " not saved ", " 未保存 ") \
	X(MSG_PLACE_NOT_KEPT, "Not saved: progress keeps the places of %d lessons at most, so this lesson's place and its done mark are lost when you quit", "未保存：进度最多记录 %d 课的位置，所以退出后本课的位置和“已读完”标记不会保留") \
	X(MSG_PROGRESS_TAKEN_OVER, "The other window has quit: its progress and this window's are merged and saved from now on.", "另一个窗口已退出：它的进度已与本窗口的合并，从现在起会保存。") \
	X(MSG_PROGRESS_KEPT, "progress file was unreadable; kept as %s; starting fresh", "进度文件无法读取；已另存为 %s；从头开始") \
	X(MSG_PROGRESS_NOT_KEPT, "progress file was unreadable and could not be kept (%s); starting fresh", "进度文件无法读取，也未能另存（%s）；从头开始") \
	X(MSG_PROGRESS_NEWER, "progress file is from a newer cudakitchen (format %d); it will not be changed", "进度文件来自更新版本的 cudakitchen（格式 %d）；不会修改它") \
	X(MSG_PROGRESS_LOCKED, "another cudakitchen is running with the same progress (%s is locked)", "另一个 cudakitchen 正在使用同一份进度（%s 已被锁定）") \
	X(MSG_BLOCK_UNAVAILABLE, "Interactive block '%s' is not available in this build", "此版本中没有交互模块“%s”") \
	/* ---- menu ---- */ \
	X(MSG_MENU_TITLE, "cudakitchen: lessons", "cudakitchen：课程") \
	X(MSG_MENU_DONE_COUNT, "%d/%zu lessons done", "已完成 %d/%zu 课") \
	X(MSG_MENU_DONE, "done", "已完成") \
	X(MSG_MENU_PAGE, "page %d/%zu", "第 %d/%zu 页") \
	X(MSG_MENU_MINUTES, "%d min", "%d 分钟") \
	X(MSG_MENU_BROKEN, "broken", "已损坏") \
	X(MSG_MENU_CANNOT_LOAD, "cannot load", "无法加载") \
	X(MSG_MENU_BROKEN_OPEN, "%s cannot be opened: it is broken (see below)", "%s 无法打开：文件已损坏（见下方）") \
	X(MSG_MENU_THIS_LESSON, "this lesson", "本课") \
	X(MSG_MENU_QUIZ, "Quiz: five levels", "测验：五个关卡") \
	X(MSG_MENU_QUIZ_ABOUT, "Five levels, from what CUDA and cuDNN are to a performance experiment.", "五个关卡：从 CUDA 和 cuDNN 是什么，到一次性能实验。") \
	X(MSG_MENU_QUIZ_ABOUT_CLASS, "Five levels of this class's own questions.", "五个关卡，都是本课程自己的题目。") \
	X(MSG_MENU_QUIZ_N, "Quiz: %d levels", "测验：%d 个关卡") \
	X(MSG_MENU_QUIZ_1, "Quiz: one level", "测验：一个关卡") \
	X(MSG_MENU_QUIZ_ABOUT_CLASS_N, "%d levels of this class's own questions.", "%d 个关卡，都是本课程自己的题目。") \
	X(MSG_MENU_QUIZ_ABOUT_CLASS_1, "One level of this class's own questions.", "一个关卡，都是本课程自己的题目。") \
	X(MSG_MENU_QUIZ_ABOUT_MIXED_N, "%d levels: %d of this class's own questions, the others the built-in course's.", "%d 个关卡：%d 关是本课程自己的题目，其余来自内置课程。") \
	X(MSG_MENU_CERT_ABOUT_N, "Your certificate: written once level %d of the quiz is passed, shown here afterwards, checkable with cudakitchen cert verify.", "你的证书：通过测验第 %d 关后即可写出，之后在这里查看，可用 cudakitchen cert verify 校验。") \
	X(MSG_MENU_QUIZ_ABOUT_MIXED, "Five levels: %d of this class's own questions, the others the built-in course's.", "五个关卡：%d 关是本课程自己的题目，其余来自内置课程。") \
	X(MSG_MENU_RADAR, "Skills radar", "技能雷达图") \
	X(MSG_MENU_NOTICE_ACK, "any key: continue", "按任意键继续") \
	X(MSG_MENU_RADAR_ABOUT, "Your six skill axes, from the quiz, the GPU map and the experiments.", "你的六项技能，来自测验、GPU 结构图和实验。") \
	/* ---- reader and lesson layout ---- */ \
	X(MSG_READER_PAGE, "page %zu/%zu", "第 %zu/%zu 页") \
	X(MSG_READER_LESSON, "lesson", "课程") \
	X(MSG_READER_BROKEN, "This lesson could not be loaded:", "这一课无法加载：") \
	X(MSG_READER_UNKNOWN_ERROR, "unknown error", "未知错误") \
	X(MSG_READER_NOTHING, "nothing to open on this page: it has no block, demo or link", "本页没有可打开的内容：没有模块、演示程序或链接") \
	X(MSG_LAYOUT_SEE_ALSO, "%s See also: %s", "%s 另见：%s") \
	X(MSG_LAYOUT_BLOCK, "Interactive block '%s'", "交互模块“%s”") \
	X(MSG_LAYOUT_DEMO, "Demo '%s'", "演示程序“%s”") \
	X(MSG_LAYOUT_BLOCK_LABEL, "block", "模块") \
	X(MSG_LAYOUT_DEMO_LABEL, "demo", "演示") \
	X(MSG_LAYOUT_ENTER_OPEN, "Enter to open", "按 Enter 打开") \
	X(MSG_LAYOUT_KITCHEN, "kitchen", "厨房") \
	X(MSG_LAYOUT_NOTE, "Note: %s", "注意：%s") \
	X(MSG_LAYOUT_END, "End of the lesson. Esc goes back to the menu.", "本课结束。按 Esc 返回菜单。") \
	/* ---- help ---- */ \
	X(MSG_HELP_TITLE, "cudakitchen: help", "cudakitchen：帮助") \
	X(MSG_HELP_FOR, "cudakitchen: help for %s", "cudakitchen：%s的帮助") \
	X(MSG_HELP_KEYS, "keys", "按键") \
	X(MSG_SCREEN_MENU, "menu", "菜单") \
	X(MSG_SCREEN_READER, "reader", "课程阅读") \
	X(MSG_SCREEN_QUIZ, "quiz", "测验") \
	X(MSG_SCREEN_RADAR, "radar", "技能雷达图") \
	X(MSG_SCREEN_CERT, "cert", "证书") \
	X(MSG_SCREEN_GPUMAP, "gpu-map", "GPU 结构图") \
	X(MSG_SCREEN_TILING, "tiling", "分块") \
	X(MSG_SCREEN_FOUND, "search results", "搜索结果") \
	X(MSG_HELP_OPEN, "open the interactive block or demo on this page (the one nearest the top of the view)", "打开本页的交互模块或演示程序（离视图顶部最近的那个）") \
	X(MSG_HELP_READER_TAB, "pick the next block, demo or see-also link on the page", "选中本页的下一个模块、演示程序或“另见”链接") \
	X(MSG_HELP_MENU_OPEN, "open the lesson, the quiz or the skills radar under the cursor", "打开光标所在的课程、测验或技能雷达图") \
	X(MSG_HELP_MOUSE_KEY, "Mouse", "鼠标") \
	X(MSG_HELP_MOUSE, "wheel scrolls; click selects, click again opens (not with --no-mouse)", "滚轮滚动；单击选中，再次单击打开（--no-mouse 时不可用）") \
	X(MSG_KEY_CMD_QUIT, "quit (progress is saved)", "退出（进度会保存）") \
	X(MSG_KEY_CMD_HELP, "this help", "本帮助") \
	X(MSG_KEY_CMD_UP, "move up / scroll up", "上移 / 向上滚动") \
	X(MSG_KEY_CMD_DOWN, "move down / scroll down", "下移 / 向下滚动") \
	X(MSG_KEY_CMD_LEFT, "left / step back", "左移 / 后退一步") \
	X(MSG_KEY_CMD_RIGHT, "right / step forward", "右移 / 前进一步") \
	X(MSG_KEY_CMD_PGDN, "page down", "向下翻页") \
	X(MSG_KEY_CMD_PGUP, "page up", "向上翻页") \
	X(MSG_KEY_CMD_TOP, "go to top", "到顶部") \
	X(MSG_KEY_CMD_BOTTOM, "go to bottom", "到底部") \
	X(MSG_KEY_CMD_NEXT, "next page", "下一页") \
	X(MSG_KEY_CMD_PREV, "previous page", "上一页") \
	X(MSG_KEY_CMD_ENTER, "open / choose / drop", "打开 / 选择 / 放下") \
	X(MSG_KEY_CMD_BACK, "back", "返回") \
	X(MSG_KEY_CMD_TAB, "next item / label", "下一项 / 下一个标签") \
	X(MSG_KEY_CMD_REDRAW, "redraw the screen", "重绘屏幕") \
	/* ---- skill axes (radar, certificate), in enum skill order ---- */ \
	X(MSG_SKILL_CONCEPTS, "concepts", "概念") \
	X(MSG_SKILL_ARCHITECTURE, "architecture", "架构") \
	X(MSG_SKILL_THREADS, "threads", "线程") \
	X(MSG_SKILL_MEMORY, "memory", "内存") \
	X(MSG_SKILL_LIBRARIES, "libraries", "库") \
	X(MSG_SKILL_PERFORMANCE, "performance", "性能") \
	/* ---- radar screen ---- */ \
	X(MSG_RADAR_TITLE, "cudakitchen: skills radar", "cudakitchen：技能雷达图") \
	X(MSG_RADAR_SOURCES, "quiz, GPU map and experiments", "测验、GPU 结构图和实验") \
	X(MSG_RADAR_QUIZ_LEVELS, "Quiz levels", "测验关卡") \
	X(MSG_RADAR_LEVELS, "Levels", "关卡") \
	X(MSG_RADAR_LEVEL_NONE, "Level %d    --", "第 %d 关   --") \
	X(MSG_RADAR_LEVEL_PCT, "Level %d  %3d%%", "第 %d 关 %3d%%") \
	X(MSG_RADAR_SKILLS, "Skills", "技能") \
	X(MSG_RADAR_HOW, "Levels: each level's best attempt. Skills: every answer to questions tagged with the skill, all attempts together (architecture adds gpu-map drops).", "关卡：每关最好的一次。技能：所有尝试中带该技能标签的题目的全部作答（架构还计入 GPU 结构图的拖放）。") \
	X(MSG_RADAR_EMPTY, "Take the quiz, label the GPU map and run the demos to fill the radar.", "完成测验、标注 GPU 结构图并运行演示程序，雷达图就会填满。") \
	X(MSG_RADAR_CERT_READY, "Level %d passed: press Enter for your certificate.", "第 %d 关已通过：按 Enter 获取证书。") \
	/* ---- quiz screen ---- */ \
	X(MSG_QUIZ_TITLE, "cudakitchen: quiz", "cudakitchen：测验") \
	X(MSG_QUIZ_RULE, "five levels, 80% opens the next", "五个关卡，得分 80% 开启下一关") \
	X(MSG_QUIZ_MISSING, "level%d.yaml is missing", "缺少 level%d.yaml") \
	X(MSG_QUIZ_LEVEL_NAME, "Level %d  %s", "第 %d 关  %s") \
	X(MSG_QUIZ_LOCKED_NOTE, "Opens when the level before it scores at least 80%.", "上一关得分达到 80% 后开启。") \
	X(MSG_QUIZ_TRUE, "True", "对") \
	X(MSG_QUIZ_FALSE, "False", "错") \
	X(MSG_QUIZ_ANSWER_LABEL, "Answer:", "答案：") \
	X(MSG_QUIZ_LEVEL_TITLE, "Level %d: %s", "第 %d 关：%s") \
	X(MSG_QUIZ_QUESTION_POS, "question %d/%zu, %d pt", "第 %d/%zu 题，%d 分") \
	X(MSG_QUIZ_HINT, "Hint: %s", "提示：%s") \
	X(MSG_QUIZ_HINT_AVAILABLE, "Hint available: %s (costs %d %s)", "可以查看提示：%s（扣 %d %s）") \
	X(MSG_QUIZ_MEASURING, "measuring", "测量中") \
	X(MSG_QUIZ_RUNNING, "Your answer is in. Running the %s demo to measure it (%lld s)...", "答案已提交。正在运行 %s 演示程序进行测量（%lld 秒）……") \
	X(MSG_QUIZ_STOP_HINT, "Esc stop (the answer is then not judged)", "Esc 停止（这样本题不计分）") \
	X(MSG_QUIZ_POINTS_SO_FAR, "%d of %d points so far", "目前 %d/%d 分") \
	X(MSG_QUIZ_NOT_JUDGED, "Not judged: no measurement. It counts neither for nor against you.", "未评判：没有测量结果。本题不加分也不扣分。") \
	X(MSG_QUIZ_RIGHT, "%s Right! +%d %s%s", "%s 答对了！+%d %s%s") \
	X(MSG_POINT, "point", "分") \
	X(MSG_POINTS, "points", "分") \
	X(MSG_QUIZ_HINT_USED, " (hint used)", "（用了提示）") \
	X(MSG_QUIZ_NOT_QUITE, "%s Not quite.", "%s 不太对。") \
	X(MSG_QUIZ_ANSWER, "Answer: %s", "答案：%s") \
	X(MSG_QUIZ_RESULT, "result", "结果") \
	X(MSG_QUIZ_SCORE, "%s Your score: %d%%. %s", "%s 你的得分：%d%%。%s") \
	X(MSG_QUIZ_PASSED, "Passed.", "通过。") \
	X(MSG_QUIZ_NOT_PASSED, "Not passed yet: 80% is needed.", "尚未通过：需要 80%。") \
	X(MSG_QUIZ_BEST, "Best score on this level: %d%%.", "本关最高分：%d%%。") \
	X(MSG_QUIZ_LEVEL_OPEN, "Level %d is open.", "第 %d 关已开启。") \
	X(MSG_QUIZ_ALL_PASSED, "You have passed all five levels.", "五个关卡你已全部通过。") \
	X(MSG_QUIZ_RETRY, "Retry as often as you like: questions and options are shuffled again.", "可以随时重来：题目和选项会重新打乱。") \
	X(MSG_QUIZ_TYPE_NUMBER, "Type a number (like 8 or 2.5), then Enter", "请输入一个数（例如 8 或 2.5），然后按 Enter") \
	X(MSG_QUIZ_YOU_TYPED, "You typed: %s", "你的输入：%s") \
	X(MSG_QUIZ_TYPE_FIRST, "Type an answer first", "请先输入答案") \
	X(MSG_QUIZ_CHOOSE_FIRST, "Choose an answer first", "请先选择答案") \
	X(MSG_QUIZ_LONG_ENOUGH, "The answer is long enough", "答案已经够长了") \
	X(MSG_QUIZ_CANNOT_LOAD_LEVEL, "Level %d cannot be loaded (see below)", "第 %d 关无法加载（见下方）") \
	X(MSG_QUIZ_LOCKED_WHY, "Level %d is locked: score 80%% on level %d first", "第 %d 关未开启：先在第 %d 关得到 80%%") \
	X(MSG_QUIZ_FALLBACK, "This question is not translated yet; it is shown in English.", "这道题还没有翻译，以下为英文原文。") \
	X(MSG_QUIZ_DO_FILL, "Type the answer, then Enter.", "输入答案，然后按 Enter。") \
	X(MSG_QUIZ_DO_SINGLE, "Choose one: Up/Down to move, Space to choose, Enter to submit.", "单选：上/下移动，空格选择，Enter 提交。") \
	X(MSG_QUIZ_DO_MULTI, "Choose all that apply: Up/Down to move, Space to tick, Enter to submit.", "多选：上/下移动，空格勾选，Enter 提交。") \
	X(MSG_QUIZ_DO_TRUEFALSE, "True or false? Up/Down to move, Space to choose, Enter to submit.", "判断对错：上/下移动，空格选择，Enter 提交。") \
	X(MSG_QUIZ_DO_MATCH, "Match: Space on a row, Space on another swaps their right sides. Enter submits.", "连线：在一行按空格，再在另一行按空格，交换两行的右侧。Enter 提交。") \
	X(MSG_QUIZ_DO_ORDER, "Put in order: Space on a row, Space on another swaps them. Enter submits.", "排序：在一行按空格，再在另一行按空格，交换这两行。Enter 提交。") \
	X(MSG_QUIZ_DO_PREDICT_NUM, "Predict: type a number, then Enter; the measured value follows.", "预测：输入一个数，然后按 Enter；随后给出测得的值。") \
	X(MSG_QUIZ_DO_PREDICT_CHOICE, "Predict: Up/Down to move, Space to choose, Enter to submit; the measured value follows.", "预测：上/下移动，空格选择，Enter 提交；随后给出测得的值。") \
	X(MSG_QUIZ_ST_CANNOT_LOAD, "cannot be loaded", "无法加载") \
	X(MSG_QUIZ_ST_LOCKED, "locked", "未开启") \
	X(MSG_QUIZ_ST_ALL_ANSWERED, "all answered: see your score", "已全部作答：查看得分") \
	X(MSG_QUIZ_ST_QUESTION, "question %d/%zu", "第 %d/%zu 题") \
	X(MSG_QUIZ_ST_PASSED, "passed, best %d%%", "已通过，最高 %d%%") \
	X(MSG_QUIZ_ST_RETRY, "best %d%%: try again", "最高 %d%%：再试一次") \
	X(MSG_QUIZ_ST_OPEN, "open", "已开启") \
	X(MSG_QUIZ_SUM_LOCKED_RANGE, "%sLevels %d to %d locked.", "%s第 %d 至 %d 关未开启。") \
	X(MSG_QUIZ_SUM_LOCKED, "%sLevel %d locked.", "%s第 %d 关未开启。") \
	X(MSG_QUIZ_SUM_BEST, "%sLevel %d %s (best %d%%).", "%s第 %d 关%s（最高 %d%%）。") \
	X(MSG_QUIZ_SUM_STATE, "%sLevel %d %s.", "%s第 %d 关%s。") \
	X(MSG_QUIZ_SUM_IN_PROGRESS, "in progress", "进行中") \
	X(MSG_QUIZ_SUM_PASSED, "passed", "已通过") \
	X(MSG_QUIZ_SUM_TRIED, "tried", "已尝试") \
	X(MSG_QUIZ_SUM_OPEN, "open", "已开启") \
	/* ---- certificate screen ---- */ \
	X(MSG_CERT_TITLE, "cudakitchen: certificate", "cudakitchen：证书") \
	X(MSG_CERT_HOW, "The certificate is earned by passing level %d of the quiz (80%% or more).", "通过测验第 %d 关（80%% 或以上）即可获得证书。") \
	X(MSG_CERT_REMAINS, "What remains:", "还需完成：") \
	X(MSG_CERT_NOT_TAKEN, "Level %d, %s: not taken yet", "第 %d 关，%s：尚未参加") \
	X(MSG_CERT_NEEDS, "Level %d, %s: best %d%%, needs %d%%", "第 %d 关，%s：最高 %d%%，需要 %d%%") \
	X(MSG_CERT_READY, "Level %d passed: your certificate is ready to be written.", "第 %d 关已通过：可以生成你的证书了。") \
	X(MSG_CERT_ASK_NAME, "Your name as it should appear (1 to 64 columns), then Enter:", "输入证书上显示的姓名（1 到 64 列），然后按 Enter：") \
	X(MSG_CERT_ABOUT, "Each certificate is a new file: earlier ones are never overwritten. It ends with a SHA-256 line that finds accidental or careless edits; it has no secret key, so it cannot detect a deliberate forgery, and it does not prove who earned it.", "每张证书都是一个新文件，不会覆盖以前的证书。证书末尾的 SHA-256 校验行能发现无意或粗心的改动；它没有密钥，因此检测不出蓄意伪造，也不能证明是谁获得了它。") \
	X(MSG_CERT_WRITTEN, "Certificate written to:", "证书已写入：") \
	X(MSG_CERT_EXISTING, "Your certificate, written %s:", "你的证书（写于 %s）：") \
	X(MSG_CERT_CHANGED, "This file has changed since you wrote it (its SHA-256 differs); n writes a new one.", "这个文件在你写好之后被改动过（SHA-256 不同）；按 n 可重新生成一份。") \
	X(MSG_CERT_GONE, "The certificate you wrote on %s is no longer at %s. Type your name to write a new one.", "你在 %s 写的证书已不在 %s。输入姓名即可重新生成一份。") \
	X(MSG_ST_NEW_CERT, "new certificate", "另写一份") \
	X(MSG_HK_CERT_NEW, "write a new certificate with today's results (this one is kept)", "用今天的成绩另写一份新证书（这份会保留）") \
	X(MSG_CERT_CHECK, "check it: cudakitchen cert verify FILE", "校验：cudakitchen cert verify 文件") \
	X(MSG_CERT_NAME_IS, "The name is %s.", "姓名%s。") \
	X(MSG_CERT_NAME_EMPTY, "empty", "为空") \
	X(MSG_CERT_NAME_TOO_LONG, "too long", "太长") \
	X(MSG_CERT_NO_DIR, "No folder for certificates (set --cert-dir).", "没有存放证书的文件夹（请设置 --cert-dir）。") \
	X(MSG_CERT_NOT_WRITTEN, "Not written: %s", "未写入：%s") \
	X(MSG_CERT_AT_MOST, "At most %d columns.", "最多 %d 列。") \
	/* ---- demo screens (screen_demo.c, demo_view.c) ---- */ \
	X(MSG_DEMO_MATMUL_TITLE, "Matrix multiply: from naive to the library", "矩阵乘法：从朴素实现到库") \
	X(MSG_DEMO_CONV_TITLE, "Convolution: from naive to cuDNN", "卷积：从朴素实现到 cuDNN") \
	X(MSG_DEMO_DEVINFO_TITLE, "Your GPU, as it reports itself", "你的 GPU 自报家门") \
	X(MSG_DEMO_AT, " at ", "，规模 ") \
	X(MSG_DEMO_RUNNING, "%s running %s%s%s ... %lld s   (q or Esc cancels)", "%s 正在运行 %s%s%s …… %lld 秒   （q 或 Esc 取消）") \
	X(MSG_DEMO_FINISHED, "%s finished%s%s.", "%s 已完成%s%s。") \
	X(MSG_DEMO_RUN_AGAIN, "Press r to run it again.", "按 r 再运行一次。") \
	X(MSG_DEMO_SIZE, "Size %s%s   +/- change size, r run", "规模 %s%s   +/- 改变规模，r 运行") \
	X(MSG_DEMO_SETTING, "Setting %s%s   +/- change setting, r run", "设置 %s%s   +/- 改变设置，r 运行") \
	X(MSG_DEMO_NOT_RUN, " (not run yet)", "（尚未运行）") \
	X(MSG_DEMO_YOURS_LIVE, "Yours: live, measured on %s now, %s", "你的机器：刚刚在 %s 上实测，%s") \
	X(MSG_DEMO_YOURS_CPU, "Yours: CPU fallback, %s: %s", "你的机器：CPU 后备，%s：%s") \
	X(MSG_DEMO_REF_SIZE, "Reference: recorded on %s, %.10s, %s", "参考：记录于 %s，%.10s，%s") \
	X(MSG_DEMO_REF, "Reference: recorded on %s, %.10s", "参考：记录于 %s，%.10s") \
	X(MSG_DEMO_THIS_LIVE, "This machine: live, measured now", "本机：实时测量") \
	X(MSG_DEMO_THIS_CPU, "This machine: CPU fallback", "本机：CPU 后备") \
	X(MSG_DEMO_SIZE_LARGEST, "this is already the largest size here", "这已经是这里最大的规模") \
	X(MSG_DEMO_SIZE_SMALLEST, "this is already the smallest size here", "这已经是这里最小的规模") \
	X(MSG_DEMO_BUILD, "build the demos with 'make demos': %s", "请用“make demos”构建演示程序：%s") \
	X(MSG_DEMO_UNREADABLE, "unreadable results", "无法读取的结果") \
	X(MSG_DEMO_NO_RECORDED, "no recorded H200 results (%s)", "没有记录的 H200 结果（%s）") \
	X(MSG_DV_FUSED, "%s: %s moved instead of %s (%.0f%% less), %s instead of %s (%s%.2f)", "%s：搬运 %s，而非 %s（少 %.0f%%）；用时 %s，而非 %s（%s%.2f）") \
	X(MSG_DV_FUSED_PAIRED, "%s: %s moved instead of %s (%.0f%% less), %s instead of %s; side by side %s%.2f (pairs %.2f-%.2f, %ld of them)", "%s：搬运 %s，而非 %s（少 %.0f%%）；用时 %s，而非 %s；成对交替计时 %s%.2f（最低 %.2f，最高 %.2f，共 %ld 对）") \
	X(MSG_DV_FUSED_PROCS, "; over %ld processes %.2f-%.2f", "；%ld 个进程之间 %.2f–%.2f") \
	X(MSG_DV_AT, "at %ld", "n=%ld") \
	X(MSG_DV_AT_N, "at N%ld", "N=%ld") \
	X(MSG_DV_ALSO_AT, "measured at %s, another size: no bars", "测于 %s，规模不同：不画条形") \
	X(MSG_DV_MARKS_AT, "at %s:", "规模 %s：") \
	X(MSG_DEMO_QUICK, "(quick)", "（快速）") \
	X(MSG_HK_RADAR_CERT, "the certificate, once the quiz's last level is passed", "结业证书（通过测验的最后一关后即可写出）") \
	X(MSG_QUIZ_RETAKE_ASK, "Level %d is passed (best %d%%). Enter again retakes it: the best score stays, new answers count on the radar.", "第 %d 关已通过（最高 %d%%）。再按 Enter 重新挑战：最高分保留，新的作答会计入雷达图。") \
	X(MSG_READER_LINKS_AWAY, "links are out of view: scroll, or Tab to one", "链接不在视野内：请滚动，或用 Tab 选中") \
	X(MSG_ASCII_NO_ZH, "Chinese needs a UTF-8 terminal without --ascii: shown in English", "中文需要 UTF-8 终端且不加 --ascii：以英文显示") \
	X(MSG_GM_REVEAL, "%s %s: %s", "%s %s：%s") \
	X(MSG_GM_FIG_FROM, "%s  (%s)", "%s（%s）") \
	X(MSG_TV_TITLE_N, "%s, n=%ld:", "%s，n=%ld：") \
	X(MSG_DEMO_BENCH, "(benchmark)", "（基准测试规模）") \
	X(MSG_DEMO_CONV2X, "(ResNet-50 conv2_x)", "（ResNet-50 conv2_x 层）") \
	X(MSG_DEMO_FU_CONV2, "(ResNet-50 conv2_x, 3x3)", "（ResNet-50 conv2_x 层，3x3）") \
	X(MSG_DEMO_FU_CONV3, "(ResNet-50 conv3_x, 3x3)", "（ResNet-50 conv3_x 层，3x3）") \
	X(MSG_DEMO_FU_CONV4, "(ResNet-50 conv4_x, 3x3)", "（ResNet-50 conv4_x 层，3x3）") \
	X(MSG_DEMO_FU_CONV5, "(ResNet-50 conv5_x, 3x3)", "（ResNet-50 conv5_x 层，3x3）") \
	X(MSG_DEMO_FU_MLP, "(a BERT-base MLP layer, 8192 tokens)", "（BERT-base 的 MLP 层，8192 个词元）") \
	X(MSG_RUN_SIGNAL, "killed by signal %d (%s)", "被信号 %d（%s）终止") \
	X(MSG_RUN_EXIT, "exited with status %d", "以状态 %d 退出") \
	X(MSG_RUN_NOT_STARTED, "not started", "未启动") \
	X(MSG_RUN_RUNNING, "running for %lld s", "已运行 %lld 秒") \
	X(MSG_RUN_TIMEOUT, "timed out after %g s and was stopped: %s", "超过 %g 秒未结束，已停止：%s") \
	X(MSG_RUN_OVERFLOW, "printed more than %zu bytes and was stopped: %s", "输出超过 %zu 字节，已停止：%s") \
	X(MSG_RUN_CANCELLED, "cancelled.", "已取消。") \
	X(MSG_DV_OTHER, "other", "其他") \
	X(MSG_DV_FAILED, "FAILED: ", "失败：") \
	X(MSG_DV_NOT_HERE, "not available here: ", "此处不可用：") \
	X(MSG_DV_CHECK_FAILED, "check failed", "校验失败") \
	X(MSG_DV_UNSUPPORTED, "unsupported", "不支持") \
	X(MSG_DV_NAIVE, "naive", "朴素") \
	X(MSG_DV_LOG_SCALE, "log scale %s ... %s ms", "对数刻度 %s … %s ms") \
	X(MSG_DV_LOG_SHORT, "%s .. %s ms", "%s 至 %s ms") \
	X(MSG_DV_LOG_MAX, "<= %s ms", "最多 %s ms") \
	X(MSG_DV_TIME, "time", "时间") \
	X(MSG_DV_SPEEDUP, "speedup", "加速比") \
	X(MSG_DV_MEMORY_ROOF, "/ memory %.0f GB/s", "/ 显存 %.0f GB/s") \
	X(MSG_DV_COMPUTE_ROOF, "%s FP32 %.1f TFLOP/s", "%s FP32 算力 %.1f TFLOP/s") \
	X(MSG_DV_RECORDED_MARK, " (recorded)", "（记录值）") \
	X(MSG_DV_ABOVE_ROOF, "above roof: Tensor Cores", "高于屋顶：张量核心") \
	X(MSG_DV_ABOVE_MEMORY, "above / : caches served loads the model counts", "高于 /：模型计入的加载由缓存提供") \
	X(MSG_DV_NO_CEILINGS, "no GPU ceilings to draw", "没有可画的 GPU 上限") \
	X(MSG_DV_MERGED, "one place:", "位置相同：") \
	X(MSG_DV_MORE_MARKS, "+%d more (taller window)", "另有 %d 个（窗口调高可见）") \
	X(MSG_DV_RECORDED, "recorded:", "记录值：") \
	X(MSG_DV_YOURS, "yours:", "你的：") \
	X(MSG_DV_ROOFLINE, "Roofline: achieved GFLOP/s (up) against FLOP per byte moved (right), log-log", "屋顶线：实际 GFLOP/s（纵轴）对每搬运一字节的 FLOP 数（横轴），双对数") \
	X(MSG_DV_ROOF_SMALL, "(the terminal is too small for the roofline)", "（终端太小，画不下屋顶线图）") \
	X(MSG_DV_NO_VARIANTS, "no timed variants to place yet", "还没有可标注的计时结果") \
	X(MSG_DV_NO_GPU, "none in use: %s (CPU fallback)", "未使用：%s（CPU 后备）") \
	X(MSG_DV_THREADS, "%s, %ld threads", "%s，%ld 个线程") \
	X(MSG_DV_GPU, "%s, compute capability %s", "%s，计算能力 %s") \
	X(MSG_DV_CORES_V, "%ld SMs x %ld FP32 lanes at %ld MHz", "%ld 个 SM × 每 SM %ld 个 FP32 核心，%ld MHz") \
	X(MSG_DV_PEAK_V, "%.1f TFLOP/s FP32 (SMs x lanes x 2 x clock)", "%.1f TFLOP/s FP32（SM 数 × 通道数 × 2 × 频率）") \
	X(MSG_DV_MEMORY_V, "%.1f GiB at %.0f GB/s", "%.1f GiB，%.0f GB/s") \
	X(MSG_DV_CHIP_V, "L2 %.0f MiB; shared %ld KiB per SM; %ld registers per SM", "L2 %.0f MiB；每 SM 共享内存 %ld KiB；每 SM %ld 个寄存器") \
	X(MSG_DV_CUDA_V, "driver %s, runtime %s%s%s", "驱动 %s，运行时 %s%s%s") \
	X(MSG_DV_CUDA_SEP, ": ", "；") \
	X(MSG_DV_CORES, "cores", "核心") \
	X(MSG_DV_PEAK, "peak", "峰值") \
	X(MSG_DV_MEMORY, "memory", "显存") \
	X(MSG_DV_ON_CHIP, "on chip", "片上") \
	X(MSG_DV_LIBRARIES, "libraries", "库") \
	/* ---- quiz answers and measurements (quiz_grade.c, quiz_run.c) ---- */ \
	X(MSG_ANS_SEP, "; ", "；") \
	X(MSG_ANS_OR, " / ", " / ") \
	X(MSG_ANS_TRUE, "true", "对") \
	X(MSG_ANS_FALSE, "false", "错") \
	X(MSG_ANS_ORDER_SEP, " → ", " → ") \
	X(MSG_ANS_PAIR, "%s → %s", "%s → %s") \
	X(MSG_ANS_ACCEPTED, "Accepted: %s to %s", "可接受范围：%s 到 %s") \
	X(MSG_ANS_FACTOR, "within a factor of %g of the measurement", "与测量值相差不超过 %g 倍") \
	X(MSG_RUN_TOL_FACTOR, "Right when within a factor of %g of what the %s demo measures (from 1/%g to %g times it).", "与测量值相差不超过 %g 倍即算答对（%s 演示程序测得值的 1/%g 到 %g 倍）。") \
	X(MSG_RUN_TOL_BAND, "Right when the %s demo's measurement falls in the band you choose.", "%s 演示程序的测量值落在你选的区间内即算答对。") \
	X(MSG_RUN_TOL_CHOICE, "Right when the %s demo's result is one your choice names.", "%s 演示程序的结果是你所选的那一项即算答对。") \
	X(MSG_RUN_NOT_BUILT, "the %s demo is not built (make demos)", "%s 演示程序尚未构建（make demos）") \
	X(MSG_RUN_UNREADABLE, "its results could not be read", "无法读取它的结果") \
	X(MSG_RUN_MEASURED, "Measured: %s, %s.", "测量值：%s，%s。") \
	X(MSG_RUN_NO_GPU, "no GPU run", "没有在 GPU 上运行") \
	X(MSG_RUN_LIVE, "live on your %s", "在你的 %s 上实测") \
	X(MSG_RUN_CPU, "on your CPU (%s)", "在你的 CPU 上（%s）") \
	X(MSG_RUN_RECORDED, "recorded on NVIDIA H200, not your machine (here: %s)", "记录于 NVIDIA H200，不是你的机器（本机：%s）") \
	X(MSG_RUN_NONE, "No measurement: %s, and no recorded H200 result has this value.", "没有测量值：%s，且记录的 H200 结果中也没有这一项。") \
	/* ---- gpu-map (gpumap.c, screen_gpumap.c); labels and roles are in gpumap.c ---- */ \
	X(MSG_GM_FIG_HOST, "%s, %ld hardware threads", "%s，%ld 个硬件线程") \
	X(MSG_GM_FIG_HBM, "%.1f GiB of device memory, %.0f GB/s", "%.1f GiB 显存，%.0f GB/s") \
	X(MSG_GM_FIG_MC, "%.0f GB/s peak memory bandwidth (from bus width and memory clock)", "峰值显存带宽 %.0f GB/s（由总线宽度和显存时钟算出）") \
	X(MSG_GM_FIG_L2, "%.1f MiB of L2 cache", "%.1f MiB L2 缓存") \
	X(MSG_GM_FIG_SMS, "%ld SMs at up to %ld MHz: %.1f TFLOP/s FP32 peak", "%ld 个 SM，最高 %ld MHz：FP32 峰值 %.1f TFLOP/s") \
	X(MSG_GM_FIG_SCHED, "warps of %ld threads; up to %ld threads (%ld warps) resident per SM", "线程束为 %ld 个线程；每个 SM 最多驻留 %ld 个线程（%ld 个线程束）") \
	X(MSG_GM_FIG_CORES, "%ld FP32 lanes per SM, %ld on the chip, at up to %ld MHz", "每 SM %ld 个 FP32 核心，全芯片 %ld 个，最高 %ld MHz") \
	X(MSG_GM_FIG_TENSOR, "compute capability %s (devinfo does not count Tensor Cores)", "计算能力 %s（devinfo 不统计张量核心数量）") \
	X(MSG_GM_FIG_REGS, "%ld 32-bit registers per SM (%ld KiB)", "每 SM %ld 个 32 位寄存器（%ld KiB）") \
	X(MSG_GM_FIG_L1, "%ld KiB shared memory per SM, %ld KiB per block by default", "每 SM %ld KiB 共享内存，默认每个线程块 %ld KiB") \
	X(MSG_GM_MEASURED, "measured on this machine: %s", "本机实测：%s") \
	X(MSG_GM_NO_GPU, "no GPU here: %.200s", "本机没有 GPU：%.200s") \
	X(MSG_GM_STILL_RUNNING, "devinfo is still running", "devinfo 仍在运行") \
	X(MSG_GM_RECORDED, "recorded on %s, %.10s", "记录于 %s，%.10s") \
	X(MSG_GM_NO_FIGURES, "no GPU figures: none measured here and no recorded H200 run found", "没有 GPU 数据：本机没有测量，也找不到记录的 H200 结果") \
	X(MSG_GM_NOT_STARTED, "devinfo did not start: %.200s", "devinfo 未能启动：%.200s") \
	X(MSG_GM_BOARD, " GPU board ", " GPU 板卡 ") \
	X(MSG_GM_BOARD_SOME, " GPU board (%d/%d SMs) ", " GPU 板卡（%d/%d 个 SM） ") \
	X(MSG_GM_BOARD_SOME_SHORT, " %d of %d SMs drawn ", " 画出 %d/%d 个 SM ") \
	X(MSG_GM_ONE_SM_OF, " one SM of %ld ", " %ld 个 SM 中的一个 ") \
	X(MSG_GM_ONE_SM, " one SM ", " 一个 SM ") \
	X(MSG_GM_TAB_GPU, "[ the GPU ]", "[ 全 GPU  ]") \
	X(MSG_GM_TAB_SM, "[ one SM  ]", "[ 一个 SM  ]") \
	X(MSG_GM_VIEW_KEY, "z: view", "z：视图") \
	X(MSG_GM_LABELS, " Labels ", " 标签 ") \
	X(MSG_GM_CARRIED, "  (carried)", "  （拿着）") \
	X(MSG_GM_LEGEND, "How work lands: a kernel's blocks go to SMs, each block to one SM; the SM splits a block into warps of 32 threads, and its warp schedulers issue their instructions.", "工作如何落地：核函数的线程块分给各个 SM，每个线程块只去一个 SM；SM 把线程块分成 32 个线程的线程束，由它的线程束调度器发出指令。") \
	X(MSG_GM_THIS_MACHINE, "this machine", "本机") \
	X(MSG_GM_NO_LINK, "devinfo does not measure the host link (lesson 2 gives its rated speeds)", "devinfo 不测量主机链路（第 2 课给出了它的标称速度）") \
	X(MSG_GM_NOT_THERE, "%s Not there: '%s' goes back to the tray. %s", "%s 不在这里：“%s”回到标签栏。%s") \
	X(MSG_GM_COMPLETE, "Map complete: %d labels in %d attempts.", "结构图完成：%d 个标签，共尝试 %d 次。") \
	X(MSG_GM_CARRYING, "Carrying '%s'. Drop it on the part it names.", "拿着“%s”。把它放到它所指的部件上。") \
	X(MSG_GM_START, "Put each label on its part: drag it, or Tab to pick and Enter to take.", "把每个标签放到对应的部件上：用鼠标拖动，或按 Tab 选择、Enter 拿起。") \
	X(MSG_GM_START_KEYS, "Put each label on its part: Tab to pick, Enter to take, Tab or arrows to move it, Enter to drop.", "把每个标签放到对应的部件上：Tab 选择，Enter 拿起，Tab 或方向键移动，Enter 放下。") \
	X(MSG_GM_PLACED, "placed %d/%d  attempts %d%s", "已放置 %d/%d  尝试 %d 次%s") \
	X(MSG_GM_RUNNING, "  devinfo...", "  devinfo 运行中……") \
	X(MSG_GM_TITLE, "GPU map: label the kitchen", "GPU 结构图：给厨房贴标签") \
	X(MSG_GM_MISS, "dropped outside the drawing: the label is back in the tray", "放在了图外：标签回到标签栏") \
	X(MSG_GM_PRACTICE, "Completed before: practice mode. Drops here are not recorded and do not change your skills.", "之前已完成：练习模式。这里的放置不会记录，也不会改变你的技能分。") \
	X(MSG_GM_PRACTICE_TAG, "  practice", "  练习") \
	X(MSG_GM_COMPLETE_PRACTICE, "Map complete again: %d labels in %d attempts (practice)", "再次完成结构图：%d 个标签，共尝试 %d 次（练习，不记录）") \
	X(MSG_GM_COMPLETE_STATUS, "Map complete: %d labels in %d attempts", "结构图完成：%d 个标签，共尝试 %d 次") \
	/* ---- tiling (screen_tiling.c, tiling_view.c); mode names stay the demo's variant ids ---- */ \
	X(MSG_TL_MODE_KEY, "m: mode", "m：模式") \
	X(MSG_TL_REGBLOCK_HEAD, "n=%d  block %dx%d, %dx%d per thread (%d threads), k-step %d", "n=%d  线程块 %dx%d，每线程 %dx%d（%d 个线程），k 步长 %d") \
	X(MSG_TL_TILE_HEAD, "n=%d  T=%d: blocks of %dx%d threads, k-tile %d%s", "n=%d  T=%d：线程块 %dx%d 个线程，k 分块 %d%s") \
	X(MSG_TL_NO_REUSE, " (no reuse)", "（无复用）") \
	X(MSG_TL_SMS_REAL, "%d SMs (%.100s, %s)", "%d 个 SM（%.100s，%s）") \
	X(MSG_TL_HERE, "here", "本机") \
	X(MSG_TL_RECORDED, "recorded", "记录值") \
	X(MSG_TL_SMS_FEW, "%d SMs (few, to show waves)", "%d 个 SM（故意少，便于看出波次）") \
	X(MSG_TL_GRID_LINE_1, "%dx%d blocks, %s: %d wave x %d k-steps, %s = SM%s", "%dx%d 个线程块，%s：%d 波 × %d 个 k 步，%s = SM%s") \
	X(MSG_TL_GRID_LINE, "%dx%d blocks, %s: %d waves x %d k-steps, %s = SM%s", "%dx%d 个线程块，%s：%d 波 × %d 个 k 步，%s = SM%s") \
	X(MSG_TL_COLOUR, "colour", "颜色") \
	X(MSG_TL_MARK, "mark", "标记") \
	X(MSG_TL_STEP, "%s, step %d/%d (wave %d/%d)%s", "%s，第 %d/%d 步（第 %d/%d 波）%s") \
	X(MSG_TL_PLAYING, "  playing", "  播放中") \
	X(MSG_TL_GLOBAL_LOADS, "global loads", "全局内存读取") \
	X(MSG_TL_SHARED_LOADS, "shared loads", "共享内存读取") \
	X(MSG_TL_FMAS, "multiply-adds", "乘加次数") \
	X(MSG_TL_PER_FMA, "per FMA: global %.3f, shared %.3f", "每次 FMA：全局 %.3f，共享 %.3f") \
	X(MSG_TL_SAME, "= the closed-form counts", "= 与公式算出的一致") \
	X(MSG_TL_PADDED, "includes padded FMAs on the edge tiles (n is not a multiple of the tile)", "含边缘分块上补齐的乘加（n 不是分块大小的整数倍）") \
	X(MSG_TL_CLIPPED, "%s %d of %d columns, %d of %d rows shown", "%s 显示 %d/%d 列、%d/%d 行") \
	X(MSG_TL_DIFFERS, "differs from the formulas!", "与公式不一致！") \
	X(MSG_TL_RATIO, "global loads, naive / %s:", "全局读取，naive / %s：") \
	X(MSG_TL_ROW_GLOBAL, "global", "全局") \
	X(MSG_TL_ROW_SHARED, "shared", "共享") \
	X(MSG_TL_ROW_FMAS, "FMAs", "乘加") \
	X(MSG_TL_SHARED_PER_FMA, "shared/FMA: tiled %.2f, regblock %.2f", "共享/FMA：tiled %.2f，regblock %.2f") \
	X(MSG_TL_WHOLE_RUN, "whole run", "整次运行") \
	X(MSG_TL_RUNNING, "running matmul at n=%d ... %lld s", "正在运行 matmul，n=%d …… %lld 秒") \
	X(MSG_TL_RUN_KEY, "r: run the matmul demo at n=%d", "r：以 n=%d 运行 matmul 演示程序") \
	X(MSG_TL_LIVE, "live on %s", "在 %s 上实测") \
	X(MSG_TL_CPU, "CPU fallback, n=%d (%s):", "CPU 后备，n=%d（%s）：") \
	X(MSG_TL_NO_DEVICE, "no device record", "没有设备记录") \
	X(MSG_TL_REC, "recorded on %s, %.10s", "记录于 %s，%.10s") \
	X(MSG_TL_NO_REC, "no recorded H200 run to compare with", "没有可供比较的 H200 记录") \
	X(MSG_TL_SPEED, "speed x%d%s", "速度 x%d%s") \
	X(MSG_TL_TITLE, "Tiling: how the brigade shares the pantry", "分块：厨师团队如何共用储藏室") \
	X(MSG_TL_NO_SMS, "no SM count: %.200s", "没有 SM 数量：%.200s") \
	X(MSG_TL_NOT_STARTED, "matmul did not start: %.200s", "matmul 未能启动：%.200s") \
	X(MSG_TV_CONV_HEAD, "Convolution as a matrix multiply (im2col)", "把卷积变成矩阵乘法（im2col）") \
	X(MSG_TV_INPUT, "input 5x5", "输入 5x5") \
	X(MSG_TV_FILTER, "filter 3x3", "滤波器 3x3") \
	X(MSG_TV_OUTPUT, "output", "输出") \
	X(MSG_TV_IM2COL, "im2col: 9 outputs x 9 taps . filter", "im2col（9 输出 × 9 抽头）· 滤波器") \
	X(MSG_TV_CONV_TEXT, "Each output is its 3x3 window times the filter, summed. Stack the windows as rows and the whole convolution is one matrix product; with C channels, K filters and a batch of N it is a GEMM of (N*P*Q) x (C*R*S) times (C*R*S) x K. cuDNN's GEMM algorithm builds this matrix in its workspace; its implicit-GEMM algorithms compute the same product without building it. Letters repeat: im2col copies each input up to R*S times.", "每个输出就是它的 3x3 窗口与滤波器逐项相乘再求和。把各个窗口作为行堆起来，整个卷积就是一次矩阵乘法；有 C 个通道、K 个滤波器、批大小为 N 时，它是 (N*P*Q) x (C*R*S) 乘以 (C*R*S) x K 的 GEMM。cuDNN 的 GEMM 算法在工作空间里构造这个矩阵；隐式 GEMM 算法不构造它，直接算出同样的乘积。字母会重复：im2col 把每个输入最多复制 R*S 次。") \
	X(MSG_TV_AT, "%s %.3g (at %ld)", "%s %.3g（n=%ld）") \
	X(MSG_TV_TIME_RATIO, "time naive/tiled %.1fx, tiled/regblock %.1fx", "耗时 naive/tiled %.1fx，tiled/regblock %.1fx") \
	X(MSG_TV_MODEL, "global-load model: %.0fx, %.2gx (T 32; 32x64, 4x4)", "全局读取模型：%.0fx，%.2gx（T 32；32x64，4x4）") \
	/* ---- own help lines of the demo, tiling, gpu-map and quiz screens ---- */ \
	X(MSG_HK_DEMO_R, "run the demo again at the size shown", "按所示规模再运行一次演示程序") \
	X(MSG_HK_DEMO_V, "switch between the bars and the roofline", "在柱状图和屋顶线图之间切换") \
	X(MSG_HK_DEMO_T, "show yours and the recorded H200 run, yours only, or the recorded only", "依次显示：你的和记录的 H200 结果、只显示你的、只显示记录的") \
	X(MSG_HK_DEV_R, "run devinfo again", "再运行一次 devinfo") \
	X(MSG_HK_DEV_T, "this machine, or the recorded H200 beside it", "只看本机，或同时看记录的 H200") \
	X(MSG_HK_TL_SPACE, "play / pause (in the convolution view too)", "播放/暂停（卷积视图中也可用）") \
	X(MSG_HK_TL_MODE, "next mode: naive, smem-tiled, regblock", "下一个模式：naive、smem-tiled、regblock") \
	X(MSG_HK_TL_N_DOWN, "n smaller by 1 (down to 4)", "n 减 1（最小 4）") \
	X(MSG_HK_TL_N_UP, "n larger by 1 (up to 256)", "n 加 1（最大 256）") \
	X(MSG_HK_TL_N_DOWN16, "n smaller by 16 (down to 4)", "n 减 16（最小 4）") \
	X(MSG_HK_TL_N_UP16, "n larger by 16 (up to 256)", "n 加 16（最大 256）") \
	X(MSG_HK_TL_TILE_DOWN, "halve the tile (the block in regblock)", "分块减半（regblock 中为线程块）") \
	X(MSG_HK_TL_TILE_UP, "double the tile (the block in regblock)", "分块加倍（regblock 中为线程块）") \
	X(MSG_HK_TL_MICRO, "the micro-tile per thread in regblock: 2, 4 or 8", "regblock 中每线程的微分块：2、4 或 8") \
	X(MSG_HK_TL_SMS, "4 SMs, or this GPU's own SM count", "4 个 SM，或这块 GPU 自己的 SM 数") \
	X(MSG_HK_TL_RUN, "run the matmul demo at this n", "以当前 n 运行 matmul 演示程序") \
	X(MSG_HK_TL_CONV, "the convolution view (im2col), and back", "卷积视图（im2col），再按一次返回") \
	X(MSG_HK_GM_PICK, "pick a label in the tray", "在标签栏中选择标签") \
	X(MSG_HK_GM_MOVE, "while carrying a label: move it over the parts", "拿着标签时：在部件之间移动") \
	X(MSG_HK_GM_VIEW, "the whole GPU or one SM", "切换全 GPU 或一个 SM") \
	X(MSG_HK_QZ_HINT, "show the hint: the first press says what it costs, the second shows it", "显示提示：第一次按说明扣多少分，第二次按显示提示") \
	X(MSG_HK_QZ_SPACE, "tick an option; swap two rows (match, order)", "勾选选项；交换两行（连线、排序）") \
	X(MSG_HK_QZ_ESC, "back to the level list", "返回关卡列表") \
	X(MSG_QUIZ_VALUE_TIMES, "%sx", "%s 倍") \
	/* transfer and streams screens (issue 10) */ \
	X(MSG_DEMO_TRANSFER_TITLE, "Moving ingredients: copy bandwidth by memory kind and size", "搬运食材：按内存类型和大小的拷贝带宽") \
	X(MSG_DEMO_STREAMS_TITLE, "Many burners: a copy-kernel-copy pipeline over streams", "多个灶眼：跨流的“拷入-内核-拷出”流水线") \
	X(MSG_XF_LINK, "host link", "主机链路") \
	X(MSG_XF_AXIS, "GB/s against bytes per copy (both log scale)", "GB/s 与每次拷贝的字节数（双对数坐标）") \
	X(MSG_XF_CASE, "(lower case: yours, UPPER CASE: recorded)", "（小写：你的，大写：记录的）") \
	X(MSG_XF_CLASH, "* more than one", "* 多个重叠") \
	X(MSG_XF_MORE_LINES, "a: more lines", "a：更多线条") \
	X(MSG_XF_N_PAGEABLE_H2D, "pageable-h2d", "可分页→设备") \
	X(MSG_XF_N_PAGEABLE_D2H, "pageable-d2h", "设备→可分页") \
	X(MSG_XF_N_PINNED_H2D, "pinned-h2d", "固定→设备") \
	X(MSG_XF_N_PINNED_D2H, "pinned-d2h", "设备→固定") \
	X(MSG_XF_N_PINNED_BOTH, "pinned-both", "固定，双向同时") \
	X(MSG_XF_N_WC_H2D, "wc-h2d", "写合并→设备") \
	X(MSG_XF_N_MAPPED_H2D, "mapped-h2d", "映射（零拷贝）") \
	X(MSG_XF_N_MANAGED_H2D, "managed-h2d", "托管，首次访问") \
	X(MSG_XF_N_MANAGED_PREFETCH, "managed-prefetch", "托管，预取") \
	X(MSG_XF_N_D2D, "d2d", "设备内拷贝") \
	X(MSG_XF_N_D2D_KERNEL, "d2d-kernel", "设备内拷贝（核函数）") \
	X(MSG_XF_N_CPU_MEMCPY, "cpu-memcpy", "主机 memcpy") \
	X(MSG_XF_CEIL_LINK, "link %.0f each way", "链路每向 %.0f") \
	X(MSG_XF_CEIL_HBM, "HBM %.0f", "显存 HBM %.0f") \
	X(MSG_XF_NONE, "no timed copies to draw for this direction", "这个方向没有可画的计时拷贝") \
	X(MSG_XF_ALL, "all directions", "所有方向") \
	X(MSG_XF_TO_DEV, "host to device", "主机到设备") \
	X(MSG_XF_TO_HOST, "device to host", "设备到主机") \
	X(MSG_XF_INSIDE, "inside the device, inside the host", "设备内部、主机内部") \
	X(MSG_ST_PINNED, "pinned memory", "固定内存") \
	X(MSG_ST_PAGEABLE, "pageable memory", "可分页内存") \
	X(MSG_ST_DEFAULT, "all on the default stream", "全部在默认流上") \
	X(MSG_ST_PICK, "%s, %d streams", "%s，%d 个流") \
	X(MSG_ST_PICK1, "%s, 1 stream", "%s，1 个流") \
	X(MSG_XF_NO_REC, "no recorded H200 run of this demo in demos/results/h200.yaml yet", "demos/results/h200.yaml 里还没有这个演示在 H200 上的记录") \
	X(MSG_ST_NO_ROOM, "(no room for the recorded run here: t shows one at a time)", "（这里放不下记录的运行：按 t 逐个显示）") \
	X(MSG_ST_LEGEND, "%s copy in  %s kernel  %s copy out  %s several in one cell", "%s 拷入  %s 内核  %s 拷出  %s 一格内有多个") \
	X(MSG_ST_MISSING, "no %s run with %d streams here", "这里没有 %s、%d 个流的运行") \
	X(MSG_ST_MODEL_PINNED_ONLY, "The CPU fallback models pinned copies only; pageable memory and the default stream are in the recorded run (t).", "CPU 后备只对固定内存的拷贝建模；可分页内存和默认流见记录的运行（t）。") \
	X(MSG_ST_SUMMARY, "%s in all: %.2fx faster than serial (%s), %.0f%% of the ideal bound (%s)", "共 %s：速度是串行的 %.2f 倍（串行 %s），达到理想下限的 %.0f%%（理想 %s）") \
	X(MSG_ST_SUMMARY_MODEL, "modelled %s: %.2fx faster than serial (%s), %.0f%% of the ideal bound (%s)", "模型估计 %s：速度是串行的 %.2f 倍（串行 %s），达到理想下限的 %.0f%%（理想 %s）") \
	X(MSG_ST_SUMMARY_SLOW, "%s in all: %.2fx slower than serial (%s), %.0f%% of the ideal bound (%s)", "共 %s：用时是串行的 %.2f 倍（串行 %s），达到理想下限的 %.0f%%（理想 %s）") \
	X(MSG_ST_SUMMARY_SAME, "%s in all: about as fast as serial (%s), %.0f%% of the ideal bound (%s)", "共 %s：与串行相当（串行 %s），达到理想下限的 %.0f%%（理想 %s）") \
	X(MSG_ST_SUMMARY_MODEL_SLOW, "modelled %s: %.2fx slower than serial (%s), %.0f%% of the ideal bound (%s)", "模型估计 %s：用时是串行的 %.2f 倍（串行 %s），达到理想下限的 %.0f%%（理想 %s）") \
	X(MSG_ST_SUMMARY_MODEL_SAME, "modelled %s: about as fast as serial (%s), %.0f%% of the ideal bound (%s)", "模型估计 %s：与串行相当（串行 %s），达到理想下限的 %.0f%%（理想 %s）") \
	X(MSG_ST_SUMMARY_LINK, "%s in all: %.2fx faster than serial (%s), %.0f%% of the link-aware bound (%s: copies in and out share the link at its two-way rate)", "共 %s：速度是串行的 %.2f 倍（串行 %s），达到链路感知下限的 %.0f%%（%s：拷入与拷出以双向速率共用链路）") \
	X(MSG_ST_SUMMARY_LINK_SLOW, "%s in all: %.2fx slower than serial (%s), %.0f%% of the link-aware bound (%s: copies in and out share the link at its two-way rate)", "共 %s：用时是串行的 %.2f 倍（串行 %s），达到链路感知下限的 %.0f%%（%s：拷入与拷出以双向速率共用链路）") \
	X(MSG_ST_SUMMARY_LINK_SAME, "%s in all: about as fast as serial (%s), %.0f%% of the link-aware bound (%s: copies in and out share the link at its two-way rate)", "共 %s：与串行相当（串行 %s），达到链路感知下限的 %.0f%%（%s：拷入与拷出以双向速率共用链路）") \
	X(MSG_ST_COPY_BOUND, "(copy-bound)", "（受拷贝限制）") \
	X(MSG_ST_COMPUTE_BOUND, "(compute-bound)", "（受计算限制）") \
	X(MSG_HK_XF_A, "the main lines (your host memcpy, pageable and pinned to the device, the copy inside the device) or every line; a small screen starts with the main ones", "主要线条（你的主机 memcpy、可分页和固定内存到设备、设备内拷贝）或全部线条；小屏幕先显示主要线条") \
	X(MSG_HK_XF_C, "the chart, or the same figures as a table (shown by itself where the chart would be crowded)", "图，或同样数据的表格（图太拥挤时自动改用表格）") \
	X(MSG_HK_XF_D, "directions shown: all, to the device, to the host, inside", "显示的方向：全部、到设备、到主机、内部") \
	X(MSG_HK_XF_BIGGER, "the next size range, larger copies (stops at the largest)", "下一个规模范围，更大的拷贝（到最大为止）") \
	X(MSG_HK_XF_SMALLER, "the previous size range, smaller copies (stops at the smallest)", "上一个规模范围，更小的拷贝（到最小为止）") \
	X(MSG_HK_ST_N, "show the run with 1, 2, 4 or 8 streams", "显示 1、2、4 或 8 个流的运行") \
	X(MSG_HK_ST_M, "memory: pinned, pageable, or everything on the default stream", "内存：固定、可分页，或全部在默认流上") \
	X(MSG_HK_ST_MORE, "the next setting: more FLOP per byte (copy-bound, balanced, compute-bound)", "下一个设置：每字节更多 FLOP（受拷贝限制、均衡、受计算限制）") \
	X(MSG_HK_ST_LESS, "the previous setting: fewer FLOP per byte", "上一个设置：每字节更少 FLOP") \
	/* instructor and robustness (courses, lint, the terminal) */ \
	X(MSG_STATE_TOO_LONG, "progress will not be saved: %s is too long (the progress directory must fit in %d bytes)", "进度不会保存：%s 太长（进度目录须在 %d 字节以内）") \
	X(MSG_MENU_TITLE_CLASS, "cudakitchen: lessons of %s", "cudakitchen：%s 的课程") \
	X(MSG_MENU_ANALOGY, "Kitchen: %s", "厨房：%s") \
	/* certificate and gpu-map words (were tables in cert.c and gpumap.c) */ \
	X(MSG_CW_TITLE, "Certificate: GPUs, CUDA and cuDNN in the kitchen", "证书：在厨房里学 GPU、CUDA 和 cuDNN") \
	X(MSG_CW_TITLE_CLASS, "Certificate: %s", "证书：%s") \
	X(MSG_CW_DONE_HEAD, "Completed", "完成情况") \
	X(MSG_CW_LESSONS_READ, "Lessons read: %d of %d", "读完的课程：%d 课（共 %d 课）") \
	X(MSG_CW_LEVELS_PASSED, "Quiz levels passed: %d of %d", "通过的测验关卡：%d 关（共 %d 关）") \
	X(MSG_CW_NAME, "Name:", "姓名：") \
	X(MSG_CW_DATE, "Date:", "日期：") \
	X(MSG_CW_UTC, " (UTC)", "（UTC）") \
	X(MSG_CW_VERSION, "Version:", "版本：") \
	X(MSG_CW_GPU, "GPU:", "GPU：") \
	X(MSG_CW_NO_GPU, "none recorded (no demo ran on a GPU)", "无记录（没有在 GPU 上运行过演示程序）") \
	X(MSG_CW_LEVELS_HEAD, "Quiz levels (best score; a level is passed at 80%)", "测验关卡（最高分；得分 80% 即通过）") \
	X(MSG_CW_LEVEL_NAME_1, "Concepts", "概念") \
	X(MSG_CW_LEVEL_NAME_2, "Components", "部件") \
	X(MSG_CW_LEVEL_NAME_3, "Optimisation scenarios", "优化场景") \
	X(MSG_CW_LEVEL_NAME_4, "Thread-scheduling strategy", "线程调度策略") \
	X(MSG_CW_LEVEL_NAME_5, "Performance experiment", "性能实验") \
	X(MSG_CW_PASSED, "passed", "已通过") \
	X(MSG_CW_NOT_PASSED, "not passed", "未通过") \
	X(MSG_CW_NOT_TAKEN, "not taken", "未参加") \
	X(MSG_CW_RADAR_HEAD, "Skills radar", "技能雷达图") \
	X(MSG_CW_SKILLS_HEAD, "Skills", "技能") \
	X(MSG_CW_SKILL_NAME_CONCEPTS, "concepts", "概念") \
	X(MSG_CW_SKILL_NAME_ARCHITECTURE, "architecture", "架构") \
	X(MSG_CW_SKILL_NAME_THREADS, "threads", "线程") \
	X(MSG_CW_SKILL_NAME_MEMORY, "memory", "内存") \
	X(MSG_CW_SKILL_NAME_LIBRARIES, "libraries", "库") \
	X(MSG_CW_SKILL_NAME_PERFORMANCE, "performance", "性能") \
	X(MSG_CW_SKILL_ABOUT_CONCEPTS, "CUDA, cuDNN, cuBLAS, driver and runtime", "CUDA、cuDNN、cuBLAS、驱动和运行时") \
	X(MSG_CW_SKILL_ABOUT_ARCHITECTURE, "SMs, cores, Tensor Cores, memory hierarchy", "流式多处理器 SM、CUDA 核心、张量核心、存储层次") \
	X(MSG_CW_SKILL_ABOUT_THREADS, "grids, blocks, threads, warps, SM scheduling", "网格、线程块、线程、线程束、SM 调度") \
	X(MSG_CW_SKILL_ABOUT_MEMORY, "transfers, coalescing, tiling, streams", "数据传输、合并访存、分块、流") \
	X(MSG_CW_SKILL_ABOUT_LIBRARIES, "cuBLAS/cuDNN handles, descriptors, algorithms", "cuBLAS/cuDNN 句柄、描述符、算法") \
	X(MSG_CW_SKILL_ABOUT_PERFORMANCE, "honest timing, GFLOP/s, roofline, benchmarks", "如实计时、GFLOP/s、屋顶线模型、基准测试") \
	X(MSG_CW_BAND_STRONG, "strong", "扎实") \
	X(MSG_CW_BAND_SOLID, "good", "良好") \
	X(MSG_CW_BAND_WEAK, "to grow", "待提高") \
	X(MSG_CW_BAND_UNKNOWN, "not yet", "暂无") \
	X(MSG_CW_APIS_HEAD, "cuDNN and cuBLAS functions named in questions answered right", "答对的题目中涉及的 cuDNN 和 cuBLAS 函数") \
	X(MSG_CW_APIS_NONE, "none yet", "暂无") \
	X(MSG_CW_APIS_OTHER, "other:", "其他：") \
	X(MSG_CW_SPEED_HEAD, "Speedups measured on the learner's own machine (each run: its slowest rung -> its fastest)", "在学习者自己的机器上测得的加速比（每次运行：最慢的一级 → 最快的一级）") \
	X(MSG_CW_SPEED_NONE, "none were measured (no demo was run)", "没有测量（未运行演示程序）") \
	X(MSG_CW_INTEGRITY, "About the verification line below: it is the SHA-256 of everything above it, so `cudakitchen cert verify FILE` finds accidental or careless edits (a changed score, a line lost in copying). It is not a signature: the hash has no secret key, so anyone can edit the text and compute the line again, and no check can tell (deliberate forgery). Nor does it prove who took the quiz.", "关于下方的校验行：它是以上全部内容的 SHA-256，因此 `cudakitchen cert verify 文件` 能发现无意或粗心的改动（改动的分数、复制时丢失的行）。它不是签名：这个哈希没有密钥，任何人都能改动文字后重新计算校验行，这种蓄意伪造无法检测出来。它也不能证明是谁参加了测验。") \
	X(MSG_GM_HOST_LABEL, "Host CPU", "主机 CPU") \
	X(MSG_GM_HOST_ROLE, "The master chefs outside the kitchen: the CPU runs your program and sends the GPU its ingredients and its orders (kernels).", "厨房外的几位大厨：CPU 运行你的程序，把食材和订单（核函数）送进 GPU。") \
	X(MSG_GM_HOST_HINT, "The host CPU is not on the GPU board: it is the box on the far left.", "主机 CPU 不在 GPU 板卡上：它是最左边的那个方框。") \
	X(MSG_GM_LINK_LABEL, "PCIe / NVLink", "PCIe / NVLink") \
	X(MSG_GM_LINK_ROLE, "The delivery door: every crate from host memory comes through it, far slower than the cooks fetch from the pantry.", "送货门：主机内存里的每一箱货都从这里进来，比厨师从储藏室取货慢得多。") \
	X(MSG_GM_LINK_HINT, "The host link is the connector between the host and the GPU board.", "主机链路是主机和 GPU 板卡之间的连接。") \
	X(MSG_GM_HBM_LABEL, "HBM (VRAM)", "HBM（显存）") \
	X(MSG_GM_HBM_ROLE, "The pantry: enormous and well stocked, but a walk away. Everything you cudaMalloc lives here.", "食品储藏室：巨大、货源充足，但要走一段路。你用 cudaMalloc 分配的一切都在这里。") \
	X(MSG_GM_HBM_HINT, "HBM comes in stacks beside the GPU chip, at the edge of the board.", "HBM 成堆叠放在 GPU 芯片旁边，位于板卡边缘。") \
	X(MSG_GM_MC_LABEL, "Memory controllers", "内存控制器") \
	X(MSG_GM_MC_ROLE, "The pantry's porters: they carry crates between the HBM stacks and the L2 counter.", "储藏室的搬运工：在 HBM 堆栈和 L2 公共台面之间来回搬货。") \
	X(MSG_GM_MC_HINT, "Memory controllers sit between the HBM stacks and the L2 cache.", "内存控制器位于 HBM 堆栈和 L2 缓存之间。") \
	X(MSG_GM_L2_LABEL, "L2 cache", "L2 缓存") \
	X(MSG_GM_L2_ROLE, "The shared counter: one cache that every station reaches, holding what came from the pantry lately.", "公共台面：所有工位都够得着的一块缓存，放着最近从储藏室取来的东西。") \
	X(MSG_GM_L2_HINT, "L2 is the one cache all SMs share: the long strip under the SMs.", "L2 是所有 SM 共用的那一块缓存：SM 下方的长条。") \
	X(MSG_GM_SMS_LABEL, "SMs", "流式多处理器 SM") \
	X(MSG_GM_SMS_ROLE, "The chef stations: each SM takes whole thread blocks and runs them to the end.", "厨师工位：每个 SM 接下整个线程块，一直做到完成。") \
	X(MSG_GM_SMS_HINT, "The SMs are the many identical units in a grid on the chip.", "SM 是芯片上排成网格的许多相同单元。") \
	X(MSG_GM_SCHED_LABEL, "Warp schedulers", "线程束调度器") \
	X(MSG_GM_SCHED_ROLE, "The head chefs calling orders: every clock each picks a ready warp of 32 threads and issues its next instruction.", "喊单的主厨：每个时钟周期各挑一个就绪的 32 线程线程束，发出它的下一条指令。") \
	X(MSG_GM_SCHED_HINT, "A Hopper SM has four warp schedulers, one per quarter: the top row of the SM view.", "Hopper 的 SM 有四个线程束调度器，每个子分区一个：SM 视图的最上一行。") \
	X(MSG_GM_CORES_LABEL, "FP32 CUDA cores", "FP32 CUDA 核心") \
	X(MSG_GM_CORES_ROLE, "The cooks' hands with knives: one fused multiply-add on one pair of numbers per thread per instruction.", "拿刀的厨师：每个线程每条指令对一对数做一次融合乘加。") \
	X(MSG_GM_CORES_HINT, "The CUDA cores are the big field of many small units in the SM view.", "CUDA 核心是 SM 视图里由许多小单元组成的大片区域。") \
	X(MSG_GM_TENSOR_LABEL, "Tensor Cores", "张量核心") \
	X(MSG_GM_TENSOR_ROLE, "The specialised appliance: a whole small matrix multiply-accumulate in one operation, for matrix work only.", "专用厨电：一次操作完成一整个小矩阵的乘累加，只做矩阵运算。") \
	X(MSG_GM_TENSOR_HINT, "Tensor Cores are the few large units beside the CUDA cores.", "张量核心是 CUDA 核心旁边那几个大单元。") \
	X(MSG_GM_REGS_LABEL, "Register file", "寄存器堆") \
	X(MSG_GM_REGS_ROLE, "What each cook holds in hand: registers are private to one thread and the fastest storage there is.", "厨师手里拿着的东西：寄存器只属于一个线程，是最快的存储。") \
	X(MSG_GM_REGS_HINT, "The register file is the strip under the cores in the SM view.", "寄存器堆是 SM 视图中核心下方的长条。") \
	X(MSG_GM_L1_LABEL, "L1 / shared memory", "L1 / 共享内存") \
	X(MSG_GM_L1_ROLE, "The cutting board at the station: on the SM, shared by the threads of one block, managed by your code.", "工位上的砧板：在 SM 上，由一个线程块的线程共用，由你的代码管理。") \
	X(MSG_GM_L1_HINT, "L1 and shared memory are one block of on-chip memory at the bottom of the SM.", "L1 和共享内存是 SM 底部的同一块片上存储。") \
	/* reduce and launch demos (issue 11) */ \
	X(MSG_DEMO_REDUCE_TITLE, "Reduction: from one atomic per element to CUB", "归约：从每个元素一次原子操作到 CUB") \
	X(MSG_DEMO_LAUNCH_TITLE, "Launch shapes: block size, occupancy, waves", "启动形状：线程块大小、占用率、波次") \
	X(MSG_DEMO_ATTENTION_TITLE, "Attention: three kernels, cuBLAS, flash, cuDNN", "注意力：三个核函数、cuBLAS、flash、cuDNN") \
	X(MSG_AT_MEMORY, "Memory on %s (%.0f GiB): at S = %ld the S×S matrix takes %.3g GiB for three kernels (FP32 scores) and %.3g GiB for cuBLAS + softmax (scores and 16-bit P); with B·H = %ld and D = %ld they run out past S = %ld and S = %ld. The fused rungs keep no S×S matrix.", \
	  "显存（%s，%.0f GiB）：S = %ld 时，S×S 矩阵在三个核函数中占 %.3g GiB（FP32 分数），在 cuBLAS + softmax 中占 %.3g GiB（分数和 16 位 P）；B·H = %ld、D = %ld 时，二者分别在 S 超过 %ld 和 %ld 后放不下。融合的两级不在显存中保存 S×S 矩阵。") \
	X(MSG_DEMO_FUSION_TITLE, "Fusion: bias and activation in the epilogue", "融合：把偏置和激活放进尾声") \
	X(MSG_DV_BEST_PICK, "%s: %s tiles%s, chosen by its rule for %s and the GPU's SMs", "%s：%s 分块%s，由它的规则按 %s 和 GPU 的 SM 数选定") \
	X(MSG_DV_BEST_SPLIT, ", K in %ld slices added into C", "，K 切成 %ld 段加进 C") \
	X(MSG_DV_BEST_PARTS, ", K in %ld slices summed apart, then added up", "，K 切成 %ld 段各自求和再相加") \
	X(MSG_DV_BEST_SK, ", stream-K (each block an equal run of the K steps)", "，stream-K（每个线程块分到等长的一段 K 步）") \
	X(MSG_DV_TF32_LIB, "%%lib is of cuBLAS FP32; of cuBLAS TF32: %s", "库%% 以 cuBLAS FP32 为基准；相对 cuBLAS TF32：%s") \
	X(MSG_DV_HBM_ROOF, "HBM roof %.0f GB/s: best hand-written %.0f GB/s (%.0f%%), library %.0f GB/s (%.0f%%)", "HBM 上限 %.0f GB/s：最佳手写 %.0f GB/s（%.0f%%），库 %.0f GB/s（%.0f%%）") \
	X(MSG_LV_SERIES, "[%s] %s. %ld registers/thread, %ld B shared/block; suggested block %ld", "[%s] %s。每线程 %ld 个寄存器，每块 %ld B 共享内存；建议线程块 %ld") \
	X(MSG_LV_NAME_PLAIN, "plain", "普通") \
	X(MSG_LV_NAME_VEC4, "vec4", "float4 向量") \
	X(MSG_LV_NAME_REGS, "regs", "寄存器多") \
	X(MSG_LV_NAME_SMEM, "smem", "共享内存多") \
	X(MSG_LV_NAME_WAVE, "wave", "波尾") \
	X(MSG_LV_NAME_GRAPH, "graph", "图") \
	X(MSG_LV_LEGEND, "bars GB/s (top: %.0f)  %s occupancy 0-100%%  %s too big for an SM", "柱：GB/s（顶部 %.0f）  %s 占用率 0-100%%  %s 放不进一个 SM") \
	X(MSG_LV_BEST, "best %.0f GB/s (%.0f%% of HBM) at block %ld; within 5%% of it from block %ld to %ld", "最佳 %.0f GB/s（HBM 的 %.0f%%），线程块 %ld；线程块 %ld 到 %ld 与最佳相差不到 5%%") \
	X(MSG_LV_BEST_ONE, "best %.0f GB/s (%.0f%% of HBM) at block %ld; no other block size comes within 5%% of it", "最佳 %.0f GB/s（HBM 的 %.0f%%），线程块 %ld；其他线程块大小都与它相差 5%% 以上") \
	X(MSG_LV_BLOCK, "block size", "线程块大小") \
	X(MSG_LV_GRID, "grid (blocks)", "网格（线程块数）") \
	X(MSG_LV_WAVE_LEGEND, "bars: ms (top: %.3g)  %s one block past a full wave", "柱：毫秒（顶部 %.3g）  %s 比整波多一个线程块") \
	X(MSG_LV_WAVE, "a wave = %ld blocks (%ld per SM); %ld wave(s) %.3g ms, one block more %.3g ms: +%.2f of a wave", "一波 = %ld 个线程块（每 SM %ld 个）；%ld 波 %.3g ms，多一个线程块 %.3g ms：多出 %.2f 波") \
	X(MSG_LV_GRAPH_HEAD, "[graph] N one-block kernels launched one by one into a stream, or captured once into a CUDA graph and launched as one", "[图] N 个单线程块的核函数逐个启动到一个流里，或者一次捕获进一个 CUDA 图、再作为一个整体启动") \
	X(MSG_LV_GRAPH_UNIT, "time per kernel: events around each run, the host issuing the launches between them", "每个核函数的时间：每次运行前后各记一个事件，主机在两者之间发出各次启动") \
	X(MSG_LV_GRAPH_K, "kernels", "核函数数") \
	X(MSG_LV_GRAPH_PLAIN, "one by one", "逐个启动") \
	X(MSG_LV_GRAPH_GRAPH, "one graph", "一个图") \
	X(MSG_LV_GRAPH_X, "speed-up", "加速比") \
	X(MSG_LV_GRAPH_FAILED, "failed", "失败") \
	X(MSG_LV_GRAPH_SUM, "at %ld kernels, building the graph (capture + instantiate) took %.3g ms, once; each launch of it saves %.3g ms", "%ld 个核函数时，构建图（捕获 + 实例化）只需一次，用了 %.3g ms；之后每启动它一次节省 %.3g ms") \
	X(MSG_LV_NOT_RECORDED, "This recording holds no points of the %s series: it was made without it.", "这次记录里没有 %s 系列的测量点：记录时没有运行它。") \
	X(MSG_LV_NO_POINTS, "No launch measurements here: they need a GPU. The CPU fallback measured, on the host,", "这里没有启动形状的测量：需要 GPU。CPU 后备在主机上测量了") \
	X(MSG_LV_CPU, "%s: %.1f GB/s", "%s：%.1f GB/s") \
	X(MSG_LV_CPU_SEP, "; ", "；") \
	X(MSG_LIST_SEP, ", ", "，") \
	X(MSG_LV_T_SHOWS, "(t: alone)", "（t：单独看）") \
	X(MSG_LV_CPU_END, ".", "。") \
	X(MSG_HK_LV_V, "next view: plain, register-heavy, shared-memory-heavy, wave tail, graph", "下一视图：普通、寄存器多、共享内存多、波尾、图") \
	/* ---- per-screen key tables (keymap.c): key names, status-line words, help headings ---- */ \
	X(MSG_KN_UP, "Up", "上") \
	X(MSG_KN_DOWN, "Down", "下") \
	X(MSG_KN_LEFT, "Left", "左") \
	X(MSG_KN_RIGHT, "Right", "右") \
	X(MSG_KN_SPACE, "Space", "空格") \
	X(MSG_ST_BACK, "back", "返回") \
	X(MSG_ST_HELP, "help", "帮助") \
	X(MSG_ST_QUIT, "quit", "退出") \
	X(MSG_ST_CLOSE, "close", "关闭") \
	X(MSG_HELP_CLOSE, "close this help", "关闭本帮助") \
	X(MSG_HELP_HERE, "On this screen", "本屏按键") \
	X(MSG_DN_MATMUL, "matmul", "矩阵乘法") \
	X(MSG_DN_CONV, "conv", "卷积") \
	X(MSG_DN_DEVINFO, "devinfo", "设备信息") \
	X(MSG_DN_TRANSFER, "transfer", "数据传输") \
	X(MSG_DN_STREAMS, "streams", "流") \
	X(MSG_DN_REDUCE, "reduce", "归约") \
	X(MSG_DN_LAUNCH, "launch", "启动形状") \
	X(MSG_DN_ATTENTION, "attention", "注意力") \
	X(MSG_DN_FUSION, "fusion", "融合") \
	X(MSG_DN_MULTIGPU, "multigpu", "多 GPU") \
	X(MSG_DEMO_MULTIGPU_TITLE, "Many kitchens: links, collectives and work split over GPUs", "多个厨房：GPU 之间的连接、集合通信与分工") \
	X(MSG_MG_LINKS, "Links between GPUs (NVn: n NVLink links, SWn: through NVSwitch; measured GB/s at the largest size)", "GPU 之间的连接（NVn：n 条 NVLink，SWn：经 NVSwitch；数字是最大尺寸下实测的 GB/s）") \
	X(MSG_MG_BUSBW, "NCCL bus bandwidth in GB/s by message size, %ld ranks", "NCCL 总线带宽（GB/s），按消息大小，%ld 个 rank") \
	X(MSG_MG_SCALING, "Matmul %ldx%ldx%ld split by rows: scaling efficiency (with communication)", "按行拆分的矩阵乘 %ldx%ldx%ld：扩展效率（含通信）") \
	X(MSG_MG_SCALING_REDUCE, "Sum of %ld integers split by ranges: scaling efficiency (with communication)", "按区间拆分的 %ld 个整数求和：扩展效率（含通信）") \
	X(MSG_MG_GPUS, "%ld GPUs", "%ld 块 GPU") \
	X(MSG_MG_GPU_ONE, "1 GPU", "1 块 GPU") \
	X(MSG_MG_MODEL, "The model, not a measurement: the bus factor, bytes each rank sends per byte of message", "模型，不是测量：总线系数，即每字节消息每个 rank 发送的字节数") \
	X(MSG_MG_PRESET_MODEL, "(the model only)", "（只有模型）") \
	X(MSG_MG_SIZE_MODEL, "the model at %s", "%s 的模型") \
	X(MSG_MG_WHY_NO_GPU, "No GPU here: nothing was measured; the model above is arithmetic.", "这里没有 GPU：什么都没有测量；上面的模型只是算术。") \
	X(MSG_MG_WHY_PEER, "Peer copies need two GPUs; shown: copies inside GPU 0, the reference.", "对等复制需要两块 GPU；这里显示的是 GPU 0 内部的复制，作为参照。") \
	X(MSG_MG_WHY_RANK, "One rank: NCCL ran the collectives (one rank is allowed), but nothing crossed a link, so their bus bandwidth is 0 by definition; it needs two GPUs.", "只有一个 rank：NCCL 运行了集合通信（允许只有一个 rank），但没有数据经过连接，按定义总线带宽为 0；需要两块 GPU。") \
	X(MSG_MG_WHY_SPLIT, "The split ran on one GPU; its scaling needs two or more.", "拆分只在一块 GPU 上运行；扩展效率需要两块或更多 GPU。") \
	X(MSG_MG_WHY_NCCL, "Collectives not run: %s", "未运行集合通信：%s") \
	X(MSG_MG_NONE, "No several-GPU run is recorded yet: run this demo on a machine with two or more GPUs.", "还没有多 GPU 运行的记录：请在有两块或更多 GPU 的机器上运行此演示。") \
	X(MSG_HN_MULTI, "The grid shows how each pair of GPUs is linked; the rows under it are NCCL's bus bandwidth by size (nccl-tests' busbw) and the split matmul's scaling.", "网格显示每对 GPU 之间如何连接；下面几行是 NCCL 按大小的总线带宽（nccl-tests 的 busbw）和拆分矩阵乘的扩展效率。") \
	X(MSG_HELP_READING, "Reading this screen", "如何看本屏") \
	X(MSG_HN_BARS, "Each row is one way to do the same work; its bar is its time, on one log scale for yours and the recorded run.", "每一行是完成同一工作的一种做法；条形是它的时间，你的和记录的结果共用一个对数刻度。") \
	X(MSG_HN_BARS_TIME, "time: the median of the repeats. error: relative to an FP64 reference (! past twice the library's). speedup: against the naive row.", "时间：多次重复的中位数。误差：相对 FP64 参考的相对误差（! 表示超过库的两倍）。加速比：相对朴素行。") \
	X(MSG_HN_BARS_LIB, "%%lib: the row's speed as a percent of the library's; where the row was timed side by side with the library row, the median of those pairs. other: measured at another size, not compared.", "库%%：本行速度占库速度的百分比；本行与库行交替配对计时时，取各对比值的中位数。其他：在另一规模下测得，不作比较。") \
	X(MSG_HN_BARS_SPREAD, "spread: slowest less fastest repeat, as a percent of the median; over 100%% the run was noisy. The CPU fallback's times swing from run to run.", "波动：最慢与最快一次之差占中位数的百分比；超过 100%% 说明那次运行受了干扰。CPU 后备的时间每次运行都会波动。") \
	X(MSG_HN_CURVE, "Each line is one kind of copy: GB/s (up) against bytes per copy (right), both log scales; lower case yours, upper case the recorded run.", "每条线是一种拷贝方式：纵轴 GB/s，横轴每次拷贝的字节数，都是对数刻度；小写是你的，大写是记录的。") \
	X(MSG_HN_CURVE_MARKS, "* marks a cell where several lines' points fall; the red rows are the host link's peak each way and HBM's.", "* 表示几条线的点落在同一格；红色横线是主机链路每个方向的峰值和 HBM 的峰值。") \
	X(MSG_HN_CURVE_FEWER, "A small screen shows the main lines first (a: all of them); a chart too crowded to read is a table of GB/s by size (c: chart or table).", "小屏幕先显示主要线条（a：全部）；太拥挤看不清的图改为按规模列出 GB/s 的表格（c：图或表）。") \
	X(MSG_HN_LAUNCH, "One series of launches at a time (v: the next). Bars: GB/s against the block size, or time against the grid in the wave view; the dot is the occupancy the runtime reported; × a block too big for an SM.", "一次显示一组启动（v：下一组）。条形：GB/s 对线程块大小，波尾视图中是时间对网格大小；圆点是运行时报告的占用率；× 表示线程块放不进一个 SM。") \
	X(MSG_HN_LAUNCH_SUM, "The line under the chart names the best block and the blocks within 5%% of it.", "图下方的一行给出最佳线程块，以及与它相差不到 5%% 的线程块。") \
	X(MSG_HELP_EVERYWHERE, "Everywhere", "所有屏幕通用") \
	X(MSG_KEY_OFF_SAY, "%s: %s", "%s：%s") \
	X(MSG_KEY_OFF_HELP, "(not now: %s)", "（现在不可用：%s）") \
	X(MSG_ST_PAGE, "page", "翻页") \
	X(MSG_ST_MORE, "more", "下翻") \
	X(MSG_ST_OPEN, "open", "打开") \
	X(MSG_HELP_READER_SPACE, "scroll down a screen; at the bottom, the next page", "向下滚动一屏；到底后翻到下一页") \
	X(MSG_HELP_READER_B, "scroll up a screen; at the top, the previous page (from a lesson's first page, the previous lesson's last)", "向上滚动一屏；到顶后翻到上一页（在一课的第一页，回到上一课的最后一页）") \
	X(MSG_HK_RD_PREV, "previous page; on the first page, the previous lesson's last page", "上一页；在第一页时回到上一课的最后一页") \
	X(MSG_RD_END, "end of the lesson", "本课结束") \
	X(MSG_RD_UNREAD_ONE, "page %s unread; ", "第 %s 页未读；") \
	X(MSG_RD_UNREAD_MANY, "pages %s unread; ", "第 %s 页未读；") \
	X(MSG_MENU_UNREAD_ONE, "page %s unread", "第 %s 页未读") \
	X(MSG_MENU_UNREAD_MANY, "pages %s unread", "第 %s 页未读") \
	X(MSG_RD_SEARCH_KEYS, "Enter search  Esc cancel", "Enter 搜索  Esc 取消") \
	X(MSG_RD_FOUND, "\"%s\": match %zu of %zu · page %zu/%zu", "“%s”：第 %zu 处，共 %zu 处 · 第 %zu/%zu 页") \
	X(MSG_RD_NOT_FOUND, "\"%s\" is not in this lesson", "本课中没有“%s”") \
	X(MSG_RD_SEARCH_ENDED, "search ended: n and p turn pages again", "搜索已结束：n 和 p 重新用来翻页") \
	X(MSG_ST_MATCH, "next/prev match", "下/上一处") \
	X(MSG_SEARCH_ENDED, "search ended", "搜索已结束") \
	X(MSG_ST_SEARCH, "search", "搜索") \
	X(MSG_HK_SEARCH_END, "while a search is on: end it", "搜索进行中：结束搜索") \
	X(MSG_HK_HELP_SEARCH, "search this help: type, then Enter; n and N go on (as in less and man)", "在本帮助中搜索：输入文字后按 Enter；n 和 N 继续查找（与 less 和 man 相同）") \
	X(MSG_HK_QZ_SEARCH, "search the review: type, then Enter; the answer that holds the text is chosen", "在回顾中搜索：输入文字后按 Enter；选中含有这段文字的那一题") \
	X(MSG_HK_QZ_MATCH_NEXT, "while a search is on: the next answer that holds it", "搜索进行中：跳到下一道含有它的题") \
	X(MSG_HK_QZ_MATCH_PREV, "while a search is on: the previous answer that holds it", "搜索进行中：跳到上一道含有它的题") \
	X(MSG_HK_MENU_SEARCH, "search every lesson: type, then Enter; a list of the pages that hold the text", "在所有课程中搜索：输入文字后按 Enter，列出含有这段文字的各页") \
	X(MSG_HK_FOUND_OPEN, "open the lesson at this place, the text marked (n and N go on there)", "在这一处打开课程，文字已标出（在那里用 n 和 N 继续查找）") \
	X(MSG_FOUND_NONE, "\"%s\" is in no lesson", "没有哪一课含有“%s”") \
	X(MSG_FOUND_TITLE, "Search: \"%s\"", "搜索：“%s”") \
	X(MSG_FOUND_COUNT, "pages: %zu, lessons: %d", "共 %zu 页，%d 课") \
	X(MSG_FOUND_PAGE, "page %zu/%zu · %zu matches", "第 %zu/%zu 页 · %zu 处") \
	X(MSG_FOUND_PAGE_ONE, "page %zu/%zu · 1 match", "第 %zu/%zu 页 · 1 处") \
	X(MSG_FOUND_SEP, ": ", "：") \
	X(MSG_FOUND_ABOUT, "in its summary", "在课程简介中") \
	X(MSG_SEARCH_NOT_FOUND, "\"%s\" not found", "没有找到“%s”") \
	X(MSG_SEARCH_MATCH, "\"%s\": match %d of %d", "“%s”：第 %d 处，共 %d 处") \
	X(MSG_SEARCH_WRAP_TOP, " (again from the top)", "（回到开头继续）") \
	X(MSG_SEARCH_WRAP_BOTTOM, " (again from the end)", "（回到末尾继续）") \
	X(MSG_ST_END_SEARCH, "end search", "结束搜索") \
	X(MSG_HK_RD_SEARCH, "search this lesson: type, then Enter (as in less and man)", "在本课中搜索：输入文字后按 Enter（与 less 和 man 相同）") \
	X(MSG_HK_RD_MATCH_NEXT, "while a search is on: the next place it occurs", "搜索进行中：跳到下一处") \
	X(MSG_HK_RD_MATCH_PREV, "while a search is on: the previous place it occurs", "搜索进行中：跳到上一处") \
	X(MSG_HK_RD_SEARCH_END, "while a search is on: end it (n turns pages again)", "搜索进行中：结束搜索（n 重新用来翻页）") \
	X(MSG_RD_END_NEXT, "end of the lesson; Space: next, %s", "本课结束；空格：下一课，%s") \
	X(MSG_ST_START, "start", "开始") \
	X(MSG_ST_SUBMIT, "submit", "提交") \
	X(MSG_ST_HINT, "hint", "提示") \
	X(MSG_ST_NEXT, "next", "下一题") \
	X(MSG_ST_STOP, "stop", "停止") \
	X(MSG_ST_CONTINUE, "continue", "继续") \
	X(MSG_ST_LEVELS, "levels", "关卡") \
	X(MSG_HK_QZ_START, "start or resume the level under the cursor", "开始或继续光标所在的关卡") \
	X(MSG_HK_QZ_FIRST, "the first level, option or row of the review", "第一关、第一个选项或回顾的第一行") \
	X(MSG_HK_QZ_LAST, "the last level, option or row of the review", "最后一关、最后一个选项或回顾的最后一行") \
	X(MSG_HK_QZ_SUBMIT, "submit the answer", "提交答案") \
	X(MSG_HK_QZ_TYPE, "typed into the answer, like every printable key", "和其他可打印字符一样输入到答案中") \
	X(MSG_HK_QZ_DELETE, "delete the last character", "删除最后一个字符") \
	X(MSG_HK_QZ_NEXTQ, "the next question, or the score after the last one", "下一题；最后一题之后查看得分") \
	X(MSG_HK_QZ_CONTINUE, "back to the level list", "返回关卡列表") \
	X(MSG_ST_QUIZ, "quiz", "测验") \
	X(MSG_ST_WRITE, "write", "生成") \
	X(MSG_ST_DELETE, "delete", "删除") \
	X(MSG_ST_CERT, "certificate", "证书") \
	X(MSG_HK_CERT_QUIZ, "open the quiz", "打开测验") \
	X(MSG_HK_CERT_WRITE, "write the certificate with the name typed", "用输入的名字生成证书") \
	X(MSG_HK_CERT_TYPE, "typed into the name, like every printable key", "和其他可打印字符一样输入到名字中") \
	X(MSG_ST_RUN, "run", "运行") \
	X(MSG_ST_SIZE, "size", "规模") \
	X(MSG_ST_ROOFLINE, "roofline", "屋顶线") \
	X(MSG_ST_SHOW, "yours/recorded", "本机/记录") \
	X(MSG_ST_DEV_SHOW, "this/recorded", "本机/记录") \
	X(MSG_CAP_PLUS_MINUS, "+/-", "+/-") \
	X(MSG_HK_DEMO_STOP, "stop the run (press again to leave)", "停止运行（再按一次离开）") \
	X(MSG_HK_DEMO_BIGGER, "the next larger size (stops at the largest)", "下一个更大的规模（到最大为止）") \
	X(MSG_HK_DEMO_SMALLER, "the next smaller size (stops at the smallest)", "下一个更小的规模（到最小为止）") \
	X(MSG_HK_OFF_RUNNING, "a run is under way", "正在运行") \
	X(MSG_HK_OFF_ONE_SET, "there is only one set of numbers to show", "只有一组数字可显示") \
	X(MSG_HK_OFF_NO_GPU, "without a GPU here the recorded H200 is already shown", "本机没有 GPU，已经显示记录的 H200") \
	X(MSG_HK_OFF_NO_RECORD, "no recorded H200 run was found", "没有找到记录的 H200 结果") \
	X(MSG_ST_PICK_LABEL, "pick", "选择") \
	X(MSG_ST_TAKE, "take", "拿起") \
	X(MSG_ST_MOVE, "move", "移动") \
	X(MSG_ST_NEXT_PART, "next part", "下一个部件") \
	X(MSG_ST_DROP, "drop", "放下") \
	X(MSG_ST_PUT_BACK, "put back", "放回") \
	X(MSG_ST_VIEW, "view", "视图") \
	X(MSG_CAP_ARROWS, "arrows", "方向键") \
	X(MSG_HK_GM_PICK_UP, "pick the previous label in the tray", "在标签栏中选择上一个标签") \
	X(MSG_HK_GM_TAKE, "take the picked label", "拿起选中的标签") \
	X(MSG_HK_GM_NEXT, "move the carried label to the next part", "把拿着的标签移到下一个部件") \
	X(MSG_HK_GM_PREV, "move the carried label to the previous part", "把拿着的标签移到上一个部件") \
	X(MSG_HK_GM_DROP, "drop the carried label on the part under it", "把拿着的标签放到下面的部件上") \
	X(MSG_HK_GM_PUT_BACK, "put the carried label back in the tray", "把拿着的标签放回标签栏") \
	X(MSG_ST_PLAY, "play", "播放") \
	X(MSG_ST_PAUSE, "pause", "暂停") \
	X(MSG_ST_STEP, "step", "单步") \
	X(MSG_ST_START_END, "start/end", "开头/结尾") \
	X(MSG_ST_SPEED, "speed", "速度") \
	X(MSG_ST_MODE, "mode", "模式") \
	X(MSG_ST_N1, "n-/+1", "n 减/加 1") \
	X(MSG_ST_N16, "n-/+16 (n 4..256)", "n-/+16（n 4..256）") \
	X(MSG_ST_TILE, "tile", "分块") \
	X(MSG_ST_MICRO, "micro-tile", "微分块") \
	X(MSG_ST_SMS, "SMs", "SM 数") \
	X(MSG_ST_RUN_MATMUL, "run matmul", "运行 matmul") \
	X(MSG_ST_CONV, "convolution", "卷积") \
	X(MSG_HK_TL_BACK, "one step back", "后退一步") \
	X(MSG_HK_TL_FORWARD, "one step forward", "前进一步") \
	X(MSG_HK_TL_START, "back to the first step", "回到第一步") \
	X(MSG_HK_TL_END, "to the last step", "到最后一步") \
	X(MSG_HK_TL_FASTER, "faster animation", "加快动画") \
	X(MSG_HK_TL_SLOWER, "slower animation", "放慢动画") \
	X(MSG_HK_OFF_REGBLOCK, "only in the regblock mode (m)", "仅在 regblock 模式下可用（m）") \
	X(MSG_HK_OFF_NO_SMS, "devinfo found no GPU whose SM count could be used", "devinfo 没有找到可用 SM 数的 GPU") \
	/* ---- the quiz's flow: hint confirmation, no preselected option, own pick, review ---- */ \
	X(MSG_ST_CHOOSE, "choose", "选择") \
	X(MSG_HK_QZ_TAB, "the next option (after the last, the first)", "下一个选项（最后一个之后回到第一个）") \
	X(MSG_QZ_HINT_CONFIRM, "The hint costs %d %s: press %s again to see it", "提示要扣 %d %s：再按一次 %s 查看") \
	X(MSG_QZ_HINT_SHOWN, "the hint is already shown", "提示已经显示") \
	X(MSG_QZ_CHOOSE_FIRST, "Choose an answer first: Up/Down or Tab to move, Space to choose, Enter to submit", "请先选择答案：上/下或 Tab 移动，空格选择，Enter 提交") \
	X(MSG_QZ_YOU_CHOSE, "Your answer: %s", "你的答案：%s") \
	X(MSG_QZ_REVIEW, "Your answers", "你的答案") \
	X(MSG_QZ_REVIEW_YOURS, "    yours: %s", "   你的：%s") \
	X(MSG_QUIZ_RULE_N, "%d levels, 80%% opens the next", "%d 个关卡，得分 80%% 开启下一关") \
	X(MSG_QUIZ_RULE_1, "one level, 80%% passes it", "一个关卡，得分 80%% 即通过") \
	X(MSG_QUIZ_ALL_PASSED_1, "You have passed this class's one level.", "本课程唯一的关卡你已通过。") \
	X(MSG_QUIZ_ALL_PASSED_N, "You have passed all %d levels of this class.", "本课程的 %d 个关卡你已全部通过。") \
	X(MSG_QZ_BUILTIN_MARK, "[built-in]", "（内置）") \
	X(MSG_QZ_REVIEW_ANSWER, "   answer: %s", "   答案：%s") \
	X(MSG_QZ_STATEMENT_TRUE, "TRUE: %s", "正确：%s") \
	X(MSG_QZ_STATEMENT_FALSE, "FALSE: %s", "错误：%s") \
	X(MSG_QZ_PICKED, "  (yours)", "（你选的）") \
	X(MSG_ST_QUESTION, "question", "看题") \
	X(MSG_HK_QZ_DETAIL, "the chosen answer's question whole: options, yours, the answer, the explanation", "查看所选题目的全文：选项、你的答案、正确答案和解析") \
	X(MSG_ST_REVIEW, "review", "回顾") \
	X(MSG_HK_QZ_REVIEW, "back to the review of the level", "回到本关的答题回顾") \
	X(MSG_QZ_UNCHANGED, "Nothing swapped yet: Space on a row, Space on another swaps them; Enter again sends this order as it is", "还没有交换任何一行：在一行按空格，再在另一行按空格即可交换；再按 Enter 则按现在的顺序提交") \
	X(MSG_QUIZ_PREDICT_RECORDED, "No GPU found here: you are predicting the run recorded on an NVIDIA H200.", "本机没有找到 GPU：你预测的是在 NVIDIA H200 上记录的那次运行。") \
	X(MSG_QUIZ_PREDICT_ON_CPU, "This one is measured on your CPU: you are predicting your own machine's run.", "这一题在你的 CPU 上测量：你预测的是本机的运行结果。") \
	X(MSG_QZ_REVIEW_EARLIER, "%d answered in an earlier session (not listed)", "有 %d 题在之前的会话中作答（未列出）") \
	X(MSG_ANS_NOTHING, "nothing chosen", "未选择") \
	/* ---- the reading flow: on to the next lesson, code scrolled sideways ---- */ \
	X(MSG_LAYOUT_END_NEXT, "End of the lesson. n goes on to the next one; Esc goes back to the menu.", "本课结束。按 n 进入下一课，按 Esc 返回菜单。") \
	X(MSG_ST_NEXT_LESSON, "next lesson", "下一课") \
	X(MSG_HK_RD_NEXT_LESSON, "on the last page: to its end-of-lesson marker, then the next lesson", "在最后一页：先到本课结束标记，再进入下一课") \
	X(MSG_ST_CODE, "code", "代码") \
	X(MSG_HK_RD_CODE_LEFT, "scroll code lines back to the left", "把代码行向左滚回") \
	X(MSG_HK_RD_CODE_RIGHT, "scroll code lines to the right, to read what is cut", "把代码行向右滚动，查看被截断的部分") \
	X(MSG_POS_LINES, "lines %d-%d of %d", "第 %d-%d 行，共 %d 行") \
	X(MSG_POS_LESSONS, "lessons %d-%d of %d", "第 %d-%d 课，共 %d 课") \
	X(MSG_POS_ANSWERS, "answers %d-%d of %d", "第 %d-%d 题，共 %d 题") \
	X(MSG_POS_PAGES, "pages %d-%d of %d", "第 %d-%d 页，共 %d 页") \
	/* ---- the menu: the certificate, lesson numbers ---- */ \
	X(MSG_MENU_CERT, "Certificate", "结业证书") \
	X(MSG_MENU_CERT_ABOUT, "Your certificate: written once level 5 of the quiz is passed, shown here afterwards, checkable with cudakitchen cert verify.", "你的证书：通过测验第 5 关后即可写出，之后在这里查看，可用 cudakitchen cert verify 校验。") \
	X(MSG_CAP_DIGITS, "1-9", "1-9") \
	X(MSG_ST_GO_TO, "lesson", "课程") \
	X(MSG_HK_MENU_NUMBER, "type a lesson's number to go to it (1 then 2 for lesson 12)", "输入课程编号即可跳到该课（先按 1 再按 2 为第 12 课）") \
	/* ---- demo screens: why the sizes stop ---- */ \
	X(MSG_DEMO_SIZE_LARGEST_CPU, "the CPU's largest size, to keep runs short; GPU sizes go up to %s", "这是 CPU 上的最大规模，以免运行太久；GPU 上规模可到 %s") \
	X(MSG_DV_PCT_LIB, "%%lib", "库%%") \
	X(MSG_DV_COLUMNS, "Columns: time, the median of the repeats; error, relative to an FP64 reference; speedup, against the naive row; %%lib, this row's speed as a percent of the library's (the median of side-by-side pairs where the row has them); spread, slowest less fastest repeat as a percent of the median%s", "各列：时间，多次重复的中位数；误差，相对 FP64 参考的相对误差；加速比，相对朴素行；库%%，本行速度占库速度的百分比（有交替配对计时时取各对的中位数）；波动，最慢与最快一次之差占中位数的百分比%s") \
	X(MSG_DV_COL_OTHER, "; other, measured at another size (not compared).", "；其他，在另一规模下测得（不作比较）。") \
	X(MSG_DV_COL_END, ".", "。") \
	X(MSG_DV_CPU_SWING, "CPU fallback, %ld threads: its times swing from run to run; read them as rough.", "CPU 后备，%ld 个线程：时间每次运行都会波动，只能粗略参考。") \
	X(MSG_DV_NOISY_1, "A spread over 100%% in %d row: that run was noisy (something else was using the machine); r runs it again.", "%d 行的波动超过 100%%：那次运行受了干扰（机器同时在做别的事）；按 r 再运行一次。") \
	X(MSG_DV_NOISY_REC, "A spread over 100%% in %d of the recorded rows: those repeats were noisy; compare the medians, not single repeats.", "记录结果中有 %d 行的波动超过 100%%：这些重复测量受了干扰；请比较中位数，不要看单次结果。") \
	X(MSG_DV_NOISY, "A spread over 100%% in %d rows: that run was noisy (something else was using the machine); r runs it again.", "%d 行的波动超过 100%%：那次运行受了干扰（机器同时在做别的事）；按 r 再运行一次。") \
	X(MSG_DV_SPREAD, "spread", "波动") \
	X(MSG_DV_ERROR, "error", "误差") \
	X(MSG_DV_EXACT, "On integer inputs %d of these rungs are exact to the bit%s", "在整数输入上，其中 %d 个梯级逐位精确%s") \
	X(MSG_DV_LAYOUT, "%%lib compares like with like: the hand rungs and cuDNN's named algorithms are NCHW FP32, against cuDNN's fastest NCHW FP32 one. The %d NHWC rows are cuDNN's production path, another layout and precision (TF32, FP16) on Tensor Cores: their %%lib says what that path gains over the same baseline, not a race like for like", "库%% 列是同类比较：手写梯级和 cuDNN 各具名算法都是 NCHW FP32，对照 cuDNN 最快的 NCHW FP32 算法。%d 个 NHWC 行是 cuDNN 的生产路径，布局和精度（TF32、FP16）都不同，用张量核心：它们的库%% 表示这条路径相对同一基准快了多少，并非同类比较") \
	X(MSG_DV_EXACT_WG, "; %s: largest error %s of the value scale (bound %s)", "；%s：最大误差为数值尺度的 %s（上限 %s）") \
	X(MSG_DV_ERR_MARK, "! marks an error above twice that of %s: %s, at the same size", "! 标出误差超过 %s 两倍（%s，同一规模）的行") \
	/* ---- demo rung labels and fallback reasons in the learner's language (results_text.c) ---- */ \
	X(MSG_RL_CUDNN_DEFAULT, "cuDNN fastest, TF32-allowed", "cuDNN 最快（允许 TF32）") \
	X(MSG_RL_CUDNN_NHWC_TF32, "cuDNN fastest, NHWC TF32", "cuDNN 最快，NHWC TF32") \
	X(MSG_RL_CUDNN_NHWC_FP16, "cuDNN fastest, NHWC FP16", "cuDNN 最快，NHWC FP16") \
	X(MSG_RL_NAME_SEP, ": ", "：") \
	X(MSG_RR_CPU_GIVEN, "--cpu given%s", "指定了 --cpu%s") \
	X(MSG_RR_NO_CUDA_BUILD, "built without CUDA%s", "编译时未启用 CUDA%s") \
	X(MSG_RR_NO_DRIVER, "no CUDA driver: the NVIDIA driver (libcuda.so.1) is not installed or not loaded%s", "没有 CUDA 驱动：NVIDIA 驱动（libcuda.so.1）未安装或未加载%s") \
	X(MSG_RR_INSTALL_DRIVER, "no CUDA driver: install the NVIDIA driver%s", "没有 CUDA 驱动：请安装 NVIDIA 驱动%s") \
	X(MSG_RR_CVD_EMPTY, "no CUDA device: CUDA_VISIBLE_DEVICES is empty (%s)", "没有 CUDA 设备：CUDA_VISIBLE_DEVICES 为空（%s）") \
	X(MSG_RR_NO_DEVICE, "no CUDA device: %s", "没有 CUDA 设备：%s") \
	X(MSG_RC_OK, "ok: driver supports CUDA %d.%d, runtime is %d.%d", "正常：驱动支持 CUDA %d.%d，运行时为 %d.%d") \
	X(MSG_RC_MINOR, "minor-version compatibility: driver CUDA %d.%d is older than runtime %d.%d; most code runs, newer features may not", "次版本兼容：驱动的 CUDA %d.%d 比运行时 %d.%d 旧；大多数代码能运行，较新的功能可能不行") \
	X(MSG_RC_OLD, "too old: driver supports CUDA %d.%d, runtime needs %d.x; update the driver", "太旧：驱动支持 CUDA %d.%d，运行时需要 %d.x；请更新驱动") \
	X(MSG_RL_LINK, "PCIe Gen%d x%d (now Gen%d x%d), %.1f GB/s per direction; %d NVLink links active", "PCIe Gen%d x%d（当前 Gen%d x%d），每个方向 %.1f GB/s；%d 条 NVLink 链路在用") \
	X(MSG_ST_LINES, "lines", "线条") \
	X(MSG_ST_FORM, "chart/table", "图/表") \
	X(MSG_ST_DIRECTION, "direction", "方向") \
	X(MSG_ST_SETTING, "setting", "设置") \
	X(MSG_ST_STREAMS, "streams", "流数") \
	X(MSG_ST_MEMORY, "memory", "内存") \
	X(MSG_CAP_STREAMS, "1/2/4/8", "1、2、4、8") \
	X(MSG_ST_NEXT_VIEW, "next view", "下一视图") \
	/* honest roofline: each rung at its own traffic model (demo_view.c) */ \
	X(MSG_RF_AT_MODEL, "marks: own traffic", "标记：各级自己的访存") \
	X(MSG_RF_MIN, ": minimum traffic", ": 最少访存") \
	X(MSG_RF_M_NOREUSE, "no reuse: 2 loads/FMA", "不复用：每次 FMA 读 2 个数") \
	X(MSG_RF_M_TILES, "%dx%d tiles", "%dx%d 分块") \
	X(MSG_RF_M_TILES_BT, "%dx%d tiles, B transposed first", "%dx%d 分块，B 先转置") \
	X(MSG_RF_M_SPLIT, ", K split in %d", "，K 切成 %d 段") \
	X(MSG_RF_M_PARTS, ", K in %d parts", "，K 分 %d 份各自求和再相加") \
	X(MSG_RF_M_PATCH, "%dx%d patches+halo, %d filters", "%dx%d 像素块加边框，%d 个滤波器") \
	X(MSG_RF_M_IM2COL, "im2col stored+read, 64x64", "im2col 写入再读出，64x64") \
	X(MSG_RF_M_IGEMM, "x gathered per 128x64 tile", "每个 128x64 分块收集一次 x") \
	X(MSG_RF_M_WINO, "Winograd transforms+16 GEMMs", "Winograd 变换加 16 个 GEMM") \
	X(MSG_RF_MORE, "t: one set, its models named", "t：只看一组，列出其访存模型") \
	X(MSG_RF_M_UNKNOWN, "unknown: at the minimum", "未知：按最少访存") \
	/* GFLOP/s against size (sweep_view.c, key c on the matmul screen) */ \
	X(MSG_SW_TITLE, "GFLOP/s against matrix size n (n x n x n), log-log", "GFLOP/s 对矩阵规模 n（n x n x n），双对数") \
	X(MSG_SW_SMALL, "(the terminal is too small for this view)", "（终端太小，画不下这张图）") \
	X(MSG_SW_EMPTY, "no timed runs to place yet", "还没有可标注的计时结果") \
	X(MSG_SW_YOURS, "+ yours (session)", "+ 你的（本次）") \
	X(MSG_SW_YOURS_ONE, "yours: 1 size, no +", "你的：1 个规模无 +") \
	X(MSG_SW_RECORDED, ". recorded sweep", ". 记录的扫描") \
	X(MSG_SW_SHAPES, "MxNxK: at cube root", "MxNxK：画在立方根处") \
	X(MSG_SW_CLASH, "* more than one", "* 多个重叠") \
	X(MSG_SW_NOT_FOUND, "%s not found", "找不到 %s") \
	X(MSG_SW_NONE_YET, "none yet: +/- picks a size, r runs it", "还没有：+/- 选规模，r 运行") \
	X(MSG_SW_NO_SWEEP, "no recorded sweep (%s): the recorded run's one size", "没有记录的规模扫描（%s）：只有记录运行的那一个规模") \
	X(MSG_SW_NOMEM, "out of memory: this run is not kept for the size view", "内存不足：这次运行没有保留到规模图中") \
	X(MSG_HK_DEMO_C, "GFLOP/s against size, a line per rung, yours and recorded (c again: back)", "GFLOP/s 对规模的图，每级一条线，你的和记录的（再按 c 返回）") \
	X(MSG_ST_SIZES, "sizes", "规模图") \
	/* ---- rung labels of the reduce demo and the newer matmul rungs, in Chinese (results_text.c) ---- */ \
	X(MSG_RL_LN_PLAIN, "y = a*x + y, one element per thread", "y = a*x + y，每线程一个元素") \
	X(MSG_RL_LN_VEC4, "float4: four elements per thread", "float4：每线程四个元素") \
	X(MSG_RL_LN_REGS, "register-heavy: 32 elements per thread", "寄存器多：每线程 32 个元素") \
	X(MSG_RL_LN_SMEM, "shared-memory-heavy: 48 KiB per block", "共享内存多：每块 48 KiB") \
	X(MSG_RL_LN_WAVE, "wave tail: k waves and one block more", "波次尾巴：k 个波次再多一个线程块") \
	X(MSG_RL_LN_CPU_1, "CPU y = a*x + y, 1 thread", "CPU y = a*x + y，单线程") \
	X(MSG_RL_LN_CPU_ALL, "CPU y = a*x + y, all cores", "CPU y = a*x + y，全部核心") \
	/* conv rung 6, Winograd F(4x4, 3x3): its traffic model (roof_models.c) */ \
	X(MSG_RF_M_WINO4, "Winograd F(4x4)+36 GEMMs", "Winograd F(4x4) 变换加 36 个 GEMM") \
	X(MSG_RF_M_FU_UNFUSED, "product stored, read back twice", "乘积写出，再读回两遍") \
	X(MSG_RF_M_FU_FUSED, "product stored once", "乘积只写一次") \
	X(MSG_RF_M_AT_THREE, "S×S scores, P stored, read back", "S×S 分数和 P 写出再读回") \
	X(MSG_RF_M_AT_CUBLAS, "FP32 scores+16-bit P via memory", "FP32 分数和 16 位 P 经显存") \
	X(MSG_RF_M_AT_FLASH, "K, V read per 64 query rows", "每 64 行查询读一遍 K、V") \
	X(MSG_RF_M_AT_CUDNN, "as flash: 64-row tiles, 16-bit O", "同 flash：64 行分块，16 位 O") \
	/* ---- the matmul ladder's Hopper rung, wgmma-tma (results_text.c) ---- */ \
	/* end */

#endif
