/* i18n_drill: the drills' messages (the check's report, the drill list and
 * screen), English then Simplified Chinese, in the X-macro form of
 * i18n_msgs.h, which includes this table into CK_MESSAGES (so the same
 * unit test checks them). */
#ifndef CK_I18N_DRILL_H
#define CK_I18N_DRILL_H

#define CK_DRILL_MESSAGES(X) \
	X(MSG_DR_HEAD_CPU, "%s: checked on the CPU emulator in %.1f s", "%s：在 CPU 模拟器上检查，用时 %.1f 秒") \
	X(MSG_DR_HEAD_NOT, "%s: not checked", "%s：未检查") \
	X(MSG_DR_HEAD_GPU, "%s: checked on %s in %.1f s", "%s：在 %s 上检查，用时 %.1f 秒") \
	X(MSG_DR_COMPILE_OK, "compile: ok", "编译：通过") \
	X(MSG_DR_COMPILE_AT, "compile: error at %s", "编译：出错，位置 %s") \
	X(MSG_DR_LINK, "link: your file does not define what the harness calls, with this signature:", "链接：你的文件没有定义测试框架调用的函数，签名应为：") \
	X(MSG_DR_TESTS, "tests:", "测试：") \
	X(MSG_DR_CASE_PASS, "  pass      size %s", "  通过      规模 %s") \
	X(MSG_DR_CASE_FAIL, "  FAIL      size %s: element %ld, expected %s, got %s", "  失败      规模 %s：第 %ld 个元素，应为 %s，实为 %s") \
	X(MSG_DR_CASE_FAIL_BARE, "  FAIL      size %s", "  失败      规模 %s") \
	X(MSG_DR_CASE_STOPPED, "  STOPPED   size %s: the run ended in this case (see below)", "  中止      规模 %s：程序在此用例中结束（见下文）") \
	X(MSG_DR_CASE_NOT_RUN, "  not run   size %s", "  未运行    规模 %s") \
	X(MSG_DR_CAUSE_UNWRITTEN, "never written: the grid or the loop stops before this element", "从未写入：网格或循环在这个元素之前就停了") \
	X(MSG_DR_CAUSE_SHIFTED, "a neighbour's value: an index off by one, or a wrong offset", "邻近元素的值：下标差一，或偏移量错了") \
	X(MSG_DR_CAUSE_TWICE, "twice the value: written or added twice (two threads did the same element)", "两倍的值：写了或加了两次（两个线程处理了同一个元素）") \
	X(MSG_DR_CAUSE_PARTIAL, "part of the value: a sum missing terms (a missing barrier, or a loop that ends early)", "只有部分的值：求和漏了项（缺少同步屏障，或循环提前结束）") \
	X(MSG_DR_CAUSE_WRONG, "a wrong value: look at the arithmetic and the index", "数值错误：检查算式和下标") \
	X(MSG_DR_CAUSE_NAN, "NaN: something read memory nothing wrote (an input past its end, or shared memory not yet filled)", "NaN：读到了没人写过的内存（越过输入末尾，或共享内存尚未填好）") \
	X(MSG_DR_CAUSE_REPEATED, "a whole multiple of the answer: added more than once (more threads added it than should)", "答案的整数倍：被加了不止一次（加它的线程多于应有的）") \
	X(MSG_DR_CAUSE_LAUNCH, "the launch failed", "核函数启动失败") \
	X(MSG_DR_SANITIZER, "sanitizer:", "内存与竞争检查：") \
	X(MSG_DR_SAN_CLEAN_CPU, "  AddressSanitizer and ThreadSanitizer: clean", "  AddressSanitizer 与 ThreadSanitizer：没有发现问题") \
	X(MSG_DR_SAN_CLEAN_ASAN, "  AddressSanitizer: clean; no race check: this file's threads share no memory, barrier or atomic", "  AddressSanitizer：没有发现问题；不做竞争检查：此文件的线程之间没有共享内存、屏障或原子操作") \
	X(MSG_DR_SAN_CLEAN_GPU, "  compute-sanitizer memcheck and racecheck: clean", "  compute-sanitizer memcheck 与 racecheck：没有发现问题") \
	X(MSG_DR_SAN_NONE_GPU, "  compute-sanitizer is not installed: memory and races not checked", "  未安装 compute-sanitizer：未检查内存越界和竞争") \
	X(MSG_DR_OOB, "  out of bounds: %s at %s", "  越界访问：%s，位置 %s") \
	X(MSG_DR_BY, "    by %s", "    由 %s 执行") \
	X(MSG_DR_RACE_SHARED, "  race on shared memory '%s':", "  共享内存“%s”上的竞争：") \
	X(MSG_DR_RACE_GLOBAL, "  race on global memory:", "  全局内存上的竞争：") \
	X(MSG_DR_RACE_ONE, "    %s at %s", "    %s，位置 %s") \
	X(MSG_DR_RACE_BY, "      by %s", "      由 %s 执行") \
	X(MSG_DR_RACE_NOSYNC, "    no __syncthreads() between them", "    两者之间没有 __syncthreads()") \
	X(MSG_DR_UB, "  undefined behaviour at %s: %s", "  未定义行为，位置 %s：%s") \
	X(MSG_DR_ORDER, "  the answer depends on the order the threads run in: right alone, wrong under compute-sanitizer %s, which only changes that order. A race (one the tool cannot name, such as a plain write racing with atomics): look for a shared value written without a barrier before others use it.", "  结果取决于线程的执行顺序：单独运行时正确，在只改变执行顺序的 compute-sanitizer %s 下却出错。这是竞争（工具无法指明的那种，例如普通写入与原子操作相互竞争）：找一找在其他线程使用之前、写入后没有屏障的共享值。") \
	X(MSG_DR_BARRIER, "  a barrier not every thread of the block reaches, at %s (compute-sanitizer synccheck)", "  并非块内每个线程都能到达的屏障，位于 %s（compute-sanitizer synccheck）") \
	X(MSG_DR_DEADLOCK, "  deadlock in %s: its threads never all meet at a barrier", "  %s 死锁：线程永远无法全部到达同一个屏障") \
	X(MSG_DR_TIMEOUT, "  stopped after %s s: an endless loop, or threads that never meet at a barrier", "  %s 秒后被停止：死循环，或线程永远等不到同一个屏障") \
	X(MSG_DR_OUTPUT_CAP, "  stopped: the program printed too much", "  已停止：程序输出过多") \
	X(MSG_DR_CRASH, "  crashed: %s", "  程序崩溃：%s") \
	X(MSG_DR_CRASH_AT, "  crashed at %s", "  程序崩溃，位置 %s") \
	X(MSG_DR_LAUNCH_BAD, "  the launch failed: %s", "  核函数启动失败：%s") \
	X(MSG_DR_RACE_SKIPPED, "  the race check did not finish (%s)", "  竞争检查没有完成（%s）") \
	X(MSG_DR_SPEED_CPU, "speed: judged only on a GPU.", "速度：只在 GPU 上评判。") \
	X(MSG_DR_REF_H200, "  the reference solution on an NVIDIA H200: %.3f ms at size %s", "  参考解在 NVIDIA H200 上：%.3f 毫秒（规模 %s）") \
	X(MSG_DR_REF_NONE, "  the reference solution on an NVIDIA H200: not recorded yet", "  参考解在 NVIDIA H200 上的用时：尚未记录") \
	X(MSG_DR_SPEED_GPU, "speed at size %s: %.3f ms, %.0f %s (goal: %.0f %s)", "规模 %s 的速度：%.3f 毫秒，%.0f %s（目标：%.0f %s）") \
	X(MSG_DR_SPEED_CMP, "  the project's own %s, its best recorded run: %.0f %s", "  本项目自己的 %s，记录中最好的一次：%.0f %s") \
	X(MSG_DR_SPEED_NONE, "speed: not timed (the tests or the sanitizers failed)", "速度：未计时（测试或检查未通过）") \
	X(MSG_DR_PRINTED, "your program printed:", "你的程序输出：") \
	X(MSG_DR_VERDICT_PASS, "verdict: PASSED", "结论：通过") \
	X(MSG_DR_VERDICT_FAST, "verdict: PASSED FAST", "结论：通过，且达到速度目标") \
	X(MSG_DR_VERDICT_FAIL, "verdict: FAILED", "结论：未通过") \
	X(MSG_DR_VERDICT_COMPILE, "verdict: FAILED (it does not compile)", "结论：未通过（无法编译）") \
	X(MSG_DR_CANNOT, "cannot check here: %s", "无法在此检查：%s") \
	X(MSG_DR_VERDICT_WHY, "verdict: FAILED (%s)", "结论：未通过（%s）") \
	X(MSG_DR_VERDICT_CANNOT, "verdict: not judged here", "结论：此处无法评判") \
	X(MSG_DR_WHY_SEP, "; ", "；") \
	X(MSG_DR_WHY_CASES, "%d of %d sizes wrong", "%d 个规模出错，共 %d 个") \
	X(MSG_DR_WHY_RACE, "a race", "竞争") \
	X(MSG_DR_WHY_OOB, "an access out of bounds", "越界访问") \
	X(MSG_DR_WHY_UB, "undefined behaviour", "未定义行为") \
	X(MSG_DR_WHY_DEADLOCK, "a deadlock", "死锁") \
	X(MSG_DR_WHY_TIMEOUT, "the time limit", "超时") \
	X(MSG_DR_WHY_OUTPUT, "too much output", "输出过多") \
	X(MSG_DR_WHY_CRASH, "a crash", "崩溃") \
	X(MSG_DR_WHY_LAUNCH, "a failed launch", "启动失败") \
	X(MSG_DR_WHY_BARRIER, "a barrier not every thread reaches", "并非每个线程都能到达的屏障") \
	X(MSG_DR_ACC_READ, "read", "读取") \
	X(MSG_DR_ACC_WRITE, "write", "写入") \
	X(MSG_DR_ACC_AREAD, "atomic read", "原子读取") \
	X(MSG_DR_ACC_AWRITE, "atomic write", "原子写入") \
	X(MSG_DR_ACC_ANY, "an access", "一次访问") \
	X(MSG_DR_ACCESS, "%s of size %d", "%s %d 字节") \
	X(MSG_DR_HOST, "the host", "主机") \
	X(MSG_DR_NO_PLACE, "no HOME or XDG_DATA_HOME: your copy has no place", "没有 HOME 或 XDG_DATA_HOME：你的副本无处存放") \
	X(MSG_DR_NO_READ, "cannot read %s: %s", "无法读取 %s：%s") \
	X(MSG_DR_NO_TMP, "cannot make a temporary directory: %s", "无法创建临时目录：%s") \
	X(MSG_DR_NO_CXX, "no C++ compiler (c++, g++ or clang++) on PATH: the CPU emulator needs one", "PATH 中没有 C++ 编译器（c++、g++ 或 clang++）：CPU 模拟器需要它") \
	X(MSG_DR_NO_NVCC, "no nvcc on PATH: a check on the GPU needs the CUDA toolkit", "PATH 中没有 nvcc：在 GPU 上检查需要 CUDA 工具包") \
	X(MSG_DR_NO_CXX_SET, "CXX is %s, which is not a compiler here: the CPU emulator needs a C++ compiler", "CXX 设为 %s，但此处没有这个编译器：CPU 模拟器需要 C++ 编译器") \
	X(MSG_DR_NO_GPU, "no NVIDIA GPU here (no /dev/nvidia0): check without --gpu, on the CPU emulator", "这里没有 NVIDIA GPU（没有 /dev/nvidia0）：去掉 --gpu，在 CPU 模拟器上检查") \
	X(MSG_DR_NO_NVCC_SET, "NVCC is %s, which is not a compiler here: a check on the GPU needs nvcc", "NVCC 设为 %s，但此处没有这个编译器：在 GPU 上检查需要 nvcc") \
	X(MSG_DR_NO_HARNESS, "the drill's harness does not compile here (%s): the compiler said", "这个练习的测试框架在此无法编译（%s），编译器的输出如下") \
	X(MSG_DR_NO_CACHE, "cannot write %s: %s", "无法写入 %s：%s") \
	X(MSG_DR_RACE_TIMEOUT, "it ran out of time", "超出时间限制") \
	X(MSG_DR_RACE_STOPPED, "it stopped before the end", "在结束前停止了") \
	X(MSG_DR_GPU_ONLY, "judged only on a GPU: this drill runs on an NVIDIA GPU%s%s; check it on a machine with one and the CUDA toolkit", "只在 GPU 上评判：这个练习需要 NVIDIA GPU%s%s；请在装有 GPU 和 CUDA 工具包的机器上检查") \
	X(MSG_DR_GPU_ONLY_LIB, " with ", "，并需要 ") \
	X(MSG_DR_GPU_ONLY_NVCC, "  it compiles against the real CUDA headers (nvcc)", "  它能用真实的 CUDA 头文件编译（nvcc）") \
	X(MSG_DR_GPU_ONLY_NO_NVCC, "  no nvcc here: not even compiled", "  此处没有 nvcc：连编译也未进行") \
	X(MSG_DR_STATE_NEW, "not started", "未开始") \
	X(MSG_DR_STATE_FAILING, "failing", "未通过") \
	X(MSG_DR_STATE_PASSED, "passed", "已通过") \
	X(MSG_DR_STATE_FAST, "passed fast", "快速通过") \
	X(MSG_SCREEN_DRILLS, "drills", "练习") \
	X(MSG_DR_LIST_TITLE, "Drills: cook it yourself", "练习：亲手下厨") \
	X(MSG_MENU_DRILLS, "Drills: cook it yourself", "练习：亲手下厨") \
	X(MSG_MENU_DRILLS_ABOUT, "Write a kernel yourself in your editor; press c to compile it, test it and time it against the reference.", "在你的编辑器里亲手写一个内核；按 c 编译、测试，并与参考实现比较用时。") \
	X(MSG_DR_NONE, "No drills found.", "没有找到练习。") \
	X(MSG_DR_GPU_MARK, "  [GPU]", "  [需 GPU]") \
	X(MSG_DR_CANNOT_COPY, "cannot make your copy: %s", "无法创建你的副本：%s") \
	X(MSG_DR_NO_EDITOR, "no $VISUAL, $EDITOR or vi: edit %s in your editor, then press c", "没有 $VISUAL、$EDITOR 或 vi：请用你的编辑器修改 %s，然后按 c") \
	X(MSG_DR_EDITOR_FAILED, "could not run the editor '%s'; your copy is %s", "无法运行编辑器“%s”；你的副本在 %s") \
	X(MSG_DR_EDITED, "your copy changed: press c to check it", "你的副本已修改：按 c 检查") \
	X(MSG_DR_UNCHANGED, "your copy is unchanged", "你的副本没有改动") \
	X(MSG_DR_ROWS, "%d-%d/%d", "%d-%d/%d 行") \
	X(MSG_DR_WATCH_CHECKING, "checking %s ...", "正在检查 %s ……") \
	X(MSG_DR_WATCHING, "-- watching %s: save it to check again, Ctrl-C to stop --", "-- 正在监视 %s：保存即重新检查，Ctrl-C 停止 --") \
	X(MSG_DR_WATCH_GONE, "%s is gone: waiting for it to be saved again", "%s 不见了：等待它被重新保存") \
	X(MSG_DR_WATCH_END_PASS, "stopped watching; the last check passed (exit status 0)", "已停止监视；最后一次检查通过（退出状态 0）") \
	X(MSG_DR_WATCH_END_FAIL, "stopped watching; the last check did not pass (exit status 1)", "已停止监视；最后一次检查未通过（退出状态 1）") \
	X(MSG_DR_YOUR_COPY, "Your copy: %s", "你的副本：%s") \
	X(MSG_DR_CHECKING, "checking... (compile, tests, sanitizers)", "正在检查……（编译、测试、内存与竞争检查）") \
	X(MSG_DR_CHECKING_FOR, "checking... %d s (Esc stops it)", "正在检查……%d 秒（Esc 停止）") \
	X(MSG_DR_CHECK_BROKE, "the check itself did not finish", "检查本身没有完成") \
	X(MSG_DR_HINT_N, "hint %d/%d: %s\n\n", "提示 %d/%d：%s\n\n") \
	X(MSG_DR_HINT_COST, "a hint costs %d points: this drill now gives %d", "一条提示扣 %d 分：这个练习现在最多得 %d 分") \
	X(MSG_DR_CONFIRM_SOLUTION, "not passed yet: press s again to see the reference and give up its %d points", "尚未通过：再按一次 s 查看参考解，并放弃它的 %d 分") \
	X(MSG_DR_CONFIRM_RESET, "press r again to start over from the starter (your copy is kept as a backup)", "再按一次 r 从初始代码重新开始（你的副本会保留为备份）") \
	X(MSG_DR_RESET_KEPT, "started over; your old copy is now %s, beside it", "已重新开始；旧副本已改名为 %s，就在旁边") \
	X(MSG_DR_RESET_DONE, "started over from the starter", "已从初始代码重新开始") \
	X(MSG_DR_K_OPEN, "open", "打开") \
	X(MSG_DR_H_OPEN, "open the drill", "打开这个练习") \
	X(MSG_DR_K_EDIT, "edit", "编辑") \
	X(MSG_DR_H_EDIT, "edit your copy in $VISUAL, $EDITOR or vi", "用 $VISUAL、$EDITOR 或 vi 编辑你的副本") \
	X(MSG_DR_K_CHECK, "check", "检查") \
	X(MSG_DR_H_CHECK, "compile, test and sanitize your copy", "编译、测试并检查你的副本") \
	X(MSG_DR_K_HINT, "hint", "提示") \
	X(MSG_DR_H_HINT, "the next hint (costs points)", "下一条提示（会扣分）") \
	X(MSG_DR_K_SOLUTION, "solution", "参考解") \
	X(MSG_DR_H_SOLUTION, "the reference (before a pass: gives up the points)", "参考解（通过前查看：放弃得分）") \
	X(MSG_DR_K_RESET, "reset", "重置") \
	X(MSG_DR_H_RESET, "start over from the starter, keeping a backup", "从初始代码重新开始，保留备份") \
	X(MSG_DR_K_LIST, "list", "列表") \
	X(MSG_DR_H_LIST, "back to the list of drills", "返回练习列表") \
	X(MSG_CW_DRILLS, "Kernel drills passed: %d of %d, %s.", "通过的核函数练习：%d / %d，%s。") \
	X(MSG_CW_DRILLS_CPU, "on the CPU emulator", "在 CPU 模拟器上") \
	X(MSG_CW_DRILLS_GPU, "on an %s", "在 %s 上") \
	X(MSG_CW_DRILLS_BOTH, "%d of them on an %s, the rest on the CPU emulator", "其中 %d 个在 %s 上，其余在 CPU 模拟器上") \
	X(MSG_RADAR_DRILLS, "Hands-on: %d of %d drills", "动手：%d / %d 个练习") \
	X(MSG_RADAR_DRILLS_NONE, "none passed: open drills", "尚未通过：open drills") \
	/* end of the drill messages */

#endif
